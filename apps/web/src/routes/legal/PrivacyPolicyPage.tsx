import { Link } from 'react-router';
import { LIMITS } from '@siplog/contracts';
import { SupportEmailLink } from '../../features/support/SupportEmailLink';
import { LegalDocument } from './LegalDocument';

const SECTIONS = [
  { id: 'what-we-collect', title: 'What we collect' },
  { id: 'cookies', title: 'Cookies and browser storage' },
  { id: 'how-we-use', title: 'How we use information' },
  { id: 'no-selling', title: 'We do not sell your data' },
  { id: 'sharing', title: 'Sharing' },
  { id: 'retention', title: 'Retention and deletion' },
  { id: 'children', title: 'Children' },
  { id: 'security', title: 'Security' },
  { id: 'changes', title: 'Changes to this policy' },
  { id: 'contact', title: 'Contact' },
] as const;

export function PrivacyPolicyPage() {
  const minimumAge = LIMITS.minimumAge;

  return (
    <LegalDocument
      title="Privacy Policy"
      sections={SECTIONS}
      intro={
        <>
          This policy explains what information Siplog (&ldquo;Siplog&rdquo;, &ldquo;we&rdquo;,
          &ldquo;us&rdquo;) collects when you use our map-based reviews of coffee, tea and boba
          places, what we do with it, and the choices you have. We have tried to keep it short and
          plain. If anything is unclear, please ask us.
        </>
      }
    >
      <section id="what-we-collect" className="legal-section">
        <h2>1. What we collect</h2>
        <p>
          <strong>Information you give us.</strong> Your name and e-mail address may be collected
          when you voluntarily provide them, for example when you join Siplog or when you contact us.
          We use your e-mail address to sign you in, to keep your account secure and to reach you
          about your account.
        </p>
        <p>
          <strong>Things you post.</strong> Reviews, star ratings, photos, comments and the profile
          details you add (such as a display name, avatar or short bio) are public. Anyone using
          Siplog can see them, along with who you follow and which places you follow or like where
          the app shows that. Please think before you post anything you would not want to be public.
        </p>
        <p>
          <strong>Photos.</strong> When you upload a photo, we re-encode it and remove location
          metadata such as GPS coordinates, along with other embedded camera details, before it is
          stored or shown. This helps stop a photo from revealing exactly where it was taken, for
          example your home. What is visible in the picture itself is still up to you.
        </p>
        <p>
          <strong>Technical information.</strong> Like most websites, our servers receive basic
          technical details when you use the Service, such as your IP address, browser type and the
          pages you request. We use these to run the Service, prevent abuse and fix problems.
        </p>
      </section>

      <section id="cookies" className="legal-section">
        <h2>2. Cookies and browser storage</h2>
        <p>
          Siplog uses cookies and your browser&rsquo;s local storage to keep you signed in and for the
          app to work properly, for example to remember your session, your preferences and where you
          were on the map.
        </p>
        <p>
          We do not use these for third-party advertising or to track you across other websites. You
          can clear or block cookies and local storage in your browser settings, but if you do, you
          will be signed out and parts of Siplog may not work.
        </p>
      </section>

      <section id="how-we-use" className="legal-section">
        <h2>3. How we use information</h2>
        <p>We use the information described above to:</p>
        <ul>
          <li>create and run your account and sign you in;</li>
          <li>
            show your reviews, photos, ratings, comments, likes and follows, and build the map and feeds
            that other people see;
          </li>
          <li>send you messages about your account, security and important changes to the Service;</li>
          <li>answer your questions and requests when you contact us;</li>
          <li>
            keep Siplog safe, including moderating content, preventing spam and abuse, and enforcing
            our <Link to="/terms-of-service">Terms of Service</Link>; and
          </li>
          <li>understand how the Service is used so that we can fix bugs and improve it.</li>
        </ul>
        <p>
          We only use your information for these purposes, or for other purposes we tell you about
          when we collect it, and where the law requires it, we rely on your consent.
        </p>
      </section>

      <section id="no-selling" className="legal-section">
        <h2>4. We do not sell your data</h2>
        <p>
          We do not sell your personal information, and we do not rent or trade it to advertisers,
          data brokers or anyone else. Businesses that buy advertisement placement on Siplog do not
          get access to your personal information.
        </p>
        <p>
          We do not use your personal information to show you ads from third-party ad networks.
        </p>
      </section>

      <section id="sharing" className="legal-section">
        <h2>5. Sharing</h2>
        <p>
          Apart from what you choose to make public by posting it, we share personal information
          only in these cases:
        </p>
        <ul>
          <li>
            <strong>Service providers.</strong> With companies that help us run the Service, such as
            hosting, storage and e-mail delivery providers. They may only use the information to
            provide their services to us, and must protect it.
          </li>
          <li>
            <strong>When the law requires it.</strong> When we are required to by law, regulation, or
            a valid legal process such as a court order, or when it is necessary to protect the
            rights, property or safety of Siplog, our users or the public.
          </li>
        </ul>
        <p>
          If Siplog is ever merged, acquired or sold, your information may be transferred as part of
          that deal, but it will remain protected by this policy and we will let you know.
        </p>
      </section>

      <section id="retention" className="legal-section">
        <h2>6. Retention and deletion</h2>
        <p>
          We keep your information for as long as your account is active, and afterwards only as long
          as we need it for the purposes in this policy or to meet legal obligations.
        </p>
        <p>
          You can deactivate your account at any time in your account settings. Deactivation hides
          your profile and stops you from signing in.
        </p>
        <p>
          You can download a copy of your data, and delete your account, at any time in your account
          settings (My Log, edit mode). The download is one zip file with your profile, your reviews,
          comments, likes and follows, and your photos. Deleting your account erases at once your
          profile and its images, your reviews with their photos, your comments, likes and follows,
          your notifications and reports, and signs you out everywhere; your e-mail address and
          username become free for anyone to use.
        </p>
        <p>
          When you report a review, a comment or a profile, the admins see your username, the reason and
          note you gave, and a copy of what you reported as it was at that moment; the person you reported
          is never told who reported them. When you block someone, we keep that choice so it holds; they
          are not told. An admin&apos;s action on a report is recorded with the admin, the action and the
          reason.
        </p>
        <p>
          You can also ask us to delete all of your data: please send a request to <SupportEmailLink />.
          We may ask you to confirm that the request comes from you. Once the request is confirmed, we will
          delete your account information and the content you posted.
        </p>
        <p>
          Backups of the Service made before a deletion keep what they held until the operator removes
          them; copies may remain in backups for a limited time until they are overwritten, and we may
          keep a small amount of information where the law requires us to.
        </p>
      </section>

      <section id="children" className="legal-section">
        <h2>7. Children</h2>
        <p>
          Siplog is not for people under {minimumAge}. You must be at least {minimumAge} years old to
          create an account, and we do not knowingly collect personal information from anyone younger.
        </p>
        <p>
          If you believe someone under {minimumAge} has given us personal information, please contact
          us at <SupportEmailLink /> and we will close the account and delete the information.
        </p>
      </section>

      <section id="security" className="legal-section">
        <h2>8. Security</h2>
        <p>
          We take reasonable technical and organisational measures to protect your information,
          including encrypted connections, limited access to our systems, and processing uploaded
          photos before they are stored.
        </p>
        <p>
          No online service can be perfectly secure, so we cannot guarantee absolute security. Please
          use a strong, unique password and keep your sign-in details private. If you think your
          account has been compromised, contact us straight away.
        </p>
      </section>

      <section id="changes" className="legal-section">
        <h2>9. Changes to this policy</h2>
        <p>
          We may update this policy as Siplog changes or as the law requires. When we make changes, we
          will announce them on the main page and by e-mail, and update the &ldquo;Last updated&rdquo;
          date at the top of this page.
        </p>
        <p>
          If you keep using Siplog after a change takes effect, the updated policy will apply to you.
          If you do not agree with it, you can deactivate your account or ask us to delete your data.
        </p>
      </section>

      <section id="contact" className="legal-section">
        <h2>10. Contact</h2>
        <p>
          If you have questions about this policy or about your information, or you want to exercise
          your privacy rights, please visit our <Link to="/contact">Contact page</Link> or e-mail{' '}
          <SupportEmailLink />. We will do our best to reply promptly.
        </p>
      </section>
    </LegalDocument>
  );
}
