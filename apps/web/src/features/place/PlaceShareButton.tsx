import { placeLocationPath } from '@siplog/contracts';
import { useShareLink } from '../../lib/useShareLink';
import { ShareIcon } from '../../components/icons/icons';

/**
 * The place's readable, stable link (/view/location/{slug}): the phone's share sheet where the Web Share API is
 * there, else copied to the clipboard with a confirmation. It is a real link, so it can also be opened or copied
 * from the browser's own menu.
 */
export function PlaceShareButton({ name, slug }: { name: string; slug: string }) {
  const path = placeLocationPath(slug);
  const { share, statusText } = useShareLink(name, path);

  return (
    <span className="place-share">
      <a
        href={path}
        className="button place-share__button"
        onClick={(event) => {
          event.preventDefault();
          void share();
        }}
        aria-label={`Share ${name}`}
      >
        <ShareIcon width={18} height={18} />
        Share
      </a>
      <span className="place-share__status" role="status">
        {statusText}
      </span>
    </span>
  );
}
