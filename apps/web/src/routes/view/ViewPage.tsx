import { useParams } from 'react-router';
import { isEstablishmentId } from '../../features/place/place-format';
import { AreaPage } from './AreaPage';
import { PlacePage } from './PlacePage';

/**
 * /view/{param} (spec §2): digits are an establishment id and show the place page; anything else names a city or
 * neighbourhood (/view/chicago, /view/wicker-park) and lists its places.
 */
export function ViewPage() {
  const param = (useParams().param ?? '').trim();
  return isEstablishmentId(param) ? <PlacePage establishmentId={Number(param)} /> : <AreaPage location={param} />;
}
