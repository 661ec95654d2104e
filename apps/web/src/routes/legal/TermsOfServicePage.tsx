import { Link } from 'react-router';
import { LIMITS } from '@siplog/contracts';
import { SupportEmailLink } from '../../features/support/SupportEmailLink';
import { LegalDocument } from './LegalDocument';

const SECTIONS = [
  { id: 'acceptance', title: 'Acceptance of these terms' },
  { id: 'eligibility', title: 'Eligibility' },
  { id: 'use', title: 'Using Siplog' },
  { id: 'prohibited-use', title: 'Prohibited use' },
  { id: 'user-materials', title: 'Your materials' },
  { id: 'third-parties', title: 'Third parties' },
  { id: 'intellectual-property', title: 'Intellectual property' },
  { id: 'advertisement-terms', title: 'Advertisement terms' },
  { id: 'feedback', title: 'Feedback' },
  { id: 'deactivation', title: 'Deactivation and deletion' },
  { id: 'indemnification', title: 'Indemnification' },
  { id: 'no-warranties', title: 'No warranties' },
  { id: 'liability', title: 'Limitation of liability' },
  { id: 'general', title: 'General' },
  { id: 'communications', title: 'Communications' },
  { id: 'refund', title: 'Refunds' },
  { id: 'arbitration', title: 'Arbitration and class action waiver' },
  { id: 'privacy', title: 'Privacy' },
] as const;

export function TermsOfServicePage() {
  const minimumAge = LIMITS.minimumAge;

  return (
    <LegalDocument
      title="Terms of Service"
      sections={SECTIONS}
      intro={
        <>
          These terms explain the rules for using Siplog, the map-based place to review and discover
          coffee shops, tea houses and boba spots. Please read them carefully. They are a binding
          agreement between you and Siplog (&ldquo;Siplog&rdquo;, &ldquo;we&rdquo;, &ldquo;us&rdquo; or
          &ldquo;our&rdquo;), and they include an arbitration clause and a class action waiver that
          affect how disputes are resolved.
        </>
      }
    >
      <section id="acceptance" className="legal-section">
        <h2>1. Acceptance of these terms</h2>
        <p>
          By creating an account, signing in, or otherwise accessing or using Siplog (the website,
          the app and any related services, together the &ldquo;Service&rdquo;), you agree to be bound
          by these Terms of Service and by our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link>. If you do not agree with any part of these
          terms, you must not use the Service.
        </p>
        <p>
          We may update these terms from time to time, for example when we add features or when the
          law changes. When we make a material change we will update the &ldquo;Last updated&rdquo;
          date above and let you know through the Service or by e-mail. If you keep using Siplog after
          a change takes effect, you accept the updated terms. If you do not accept them, please stop
          using the Service and deactivate your account.
        </p>
      </section>

      <section id="eligibility" className="legal-section">
        <h2>2. Eligibility</h2>
        <p>
          You must be at least {minimumAge} years old to create an account or use Siplog. By using the
          Service you confirm that you are at least {minimumAge}, that you are able to enter into a
          binding contract, and that you are not barred from using the Service under any applicable
          law.
        </p>
        <p>
          If you use Siplog on behalf of a business or other organisation, such as a caf&eacute; you
          own or manage, you confirm that you are authorised to accept these terms on its behalf, and
          &ldquo;you&rdquo; in these terms then also refers to that organisation. If we learn that an
          account belongs to someone under {minimumAge}, we will close it.
        </p>
      </section>

      <section id="use" className="legal-section">
        <h2>3. Using Siplog</h2>
        <p>
          Siplog lets people find coffee, tea and boba places on a map, post reviews with photos and
          star ratings, like and comment on reviews, and follow other people and places. There are a
          few different ways to take part, and these terms apply to all of them:
        </p>
        <ul>
          <li>
            <strong>User.</strong> Anyone with an account who browses, reviews, rates, comments, likes
            or follows on Siplog.
          </li>
          <li>
            <strong>Agent.</strong> A user who uploads contact information for clients or other third
            parties, for example to invite them or to manage places on their behalf. If you act as an
            agent, you confirm that you have the right and any consent required by law to share that
            contact information with us, and you are responsible for its accuracy.
          </li>
          <li>
            <strong>Advertiser or subscriber.</strong> An owner or representative of an establishment
            who buys advertisement placement or a paid subscription on Siplog. The{' '}
            <a href="#advertisement-terms">advertisement terms</a> below also apply to you.
          </li>
        </ul>
        <p>
          You are responsible for keeping your sign-in details secure and for everything that happens
          under your account. Please give us accurate information, keep it up to date, and tell us
          straight away if you think someone else has accessed your account. You may only hold one
          personal account, and you may not transfer your account to anyone else.
        </p>
        <p>
          We may change, add or remove features of the Service at any time. We try to give notice of
          significant changes, but we are not obliged to keep any particular feature available.
        </p>
      </section>

      <section id="prohibited-use" className="legal-section">
        <h2>4. Prohibited use</h2>
        <p>
          We want Siplog to be a friendly and trustworthy place to talk about drinks and the places
          that serve them. When you use the Service you agree not to:
        </p>
        <ul>
          <li>
            post fake, paid-for or deliberately misleading reviews, including reviews of your own
            business or a competitor&rsquo;s, or reviews offered in exchange for discounts or free
            items without disclosing it;
          </li>
          <li>
            harass, threaten, bully, impersonate or discriminate against anyone, or post hateful,
            sexually explicit, violent or otherwise offensive material;
          </li>
          <li>
            post other people&rsquo;s personal information, or photos in which people can be
            identified without their permission;
          </li>
          <li>
            upload anything that infringes someone else&rsquo;s copyright, trademark, privacy or other
            rights;
          </li>
          <li>send spam, chain messages or unsolicited advertising outside the paid placements we offer;</li>
          <li>
            scrape, crawl or bulk-collect content or user data from the Service, or use automated
            means to create accounts, post, like or follow;
          </li>
          <li>
            probe, disrupt or overload the Service, get around security or rate limits, or access
            areas you are not authorised to access, including the admin area;
          </li>
          <li>upload viruses or other malicious code; or</li>
          <li>use the Service for anything that is unlawful or that helps someone else break these terms.</li>
        </ul>
        <p>
          We may remove content, limit features or deactivate accounts that break these rules, with or
          without notice. If you see something that breaks these rules, please report it to us.
        </p>
      </section>

      <section id="user-materials" className="legal-section">
        <h2>5. Your materials</h2>
        <p>
          &ldquo;User materials&rdquo; means anything you post or upload to Siplog, including reviews,
          ratings, photos, comments, profile details and place information. You keep ownership of your
          user materials. Reviews, photos, ratings, comments and profile details you post are public
          and may be seen by anyone who uses the Service.
        </p>
        <p>
          By posting user materials, you give Siplog a worldwide, non-exclusive, royalty-free,
          transferable and sublicensable licence to host, store, copy, reproduce, resize, re-encode,
          display, distribute and otherwise use them to operate, improve and promote the Service. This
          licence ends when you delete the materials or your data is deleted, except where the
          materials have been shared with others who have not deleted them, or where we need to keep
          copies for legal reasons or in backups for a limited time.
        </p>
        <p>
          You confirm that you own or have permission to post your user materials, that they are
          honest and reflect your own experience, and that they do not break these terms or the law.
          We do not check everything that is posted, but we may review, edit for format, hide or
          remove any user materials at our discretion. Photos are processed when uploaded; see our{' '}
          <Link to="/privacy-policy">Privacy Policy</Link> for details.
        </p>
      </section>

      <section id="third-parties" className="legal-section">
        <h2>6. Third parties</h2>
        <p>
          Siplog shows information about independent businesses and may contain links to, or content
          from, websites and services that we do not own or control, such as map tiles, a place&rsquo;s
          own website or social media pages. We are not responsible for the content, products,
          services, prices, opening hours or practices of any third party, and a listing on Siplog is
          not an endorsement.
        </p>
        <p>
          Any dealings you have with a caf&eacute;, tea shop, boba place or other third party,
          including purchases, are solely between you and that third party. Please read the terms and
          privacy policies of any third-party site you visit.
        </p>
      </section>

      <section id="intellectual-property" className="legal-section">
        <h2>7. Intellectual property</h2>
        <p>
          Apart from user materials, the Service and everything in it, including the Siplog name and
          logo, the design, text, graphics, software and the selection and arrangement of content, is
          owned by Siplog or its licensors and is protected by copyright, trademark and other laws.
        </p>
        <p>
          We give you a personal, limited, non-exclusive, non-transferable and revocable licence to
          use the Service for its intended purpose, in line with these terms. You may not copy,
          modify, distribute, sell, rent or reverse engineer any part of the Service, or use our name
          or logo, without our written permission, except where the law expressly allows it.
        </p>
        <p>
          If you believe something on Siplog infringes your copyright or other rights, please contact
          us at <SupportEmailLink /> with a description of the material, where it appears, and your
          contact details, and we will look into it.
        </p>
      </section>

      <section id="advertisement-terms" className="legal-section">
        <h2>8. Advertisement terms</h2>
        <p>
          Owners and authorised representatives of establishments may buy advertisement placement or
          a subscription on Siplog, for example to feature a place more prominently on the map or in
          search results. Paid placements are labelled so that users can tell them apart from
          ordinary listings and reviews.
        </p>
        <p>
          As an advertiser or subscriber, you are responsible for the content of your advertisements
          and confirm that it is accurate, lawful, and does not infringe anyone&rsquo;s rights. Buying
          advertisement placement does not let you edit, remove, reorder or influence user reviews or
          ratings, and it does not give you any special treatment in our moderation decisions.
        </p>
        <p>
          We may decline, pause or remove any advertisement at our discretion, including if it breaks
          these terms. Fees, billing periods and placement details are shown when you buy. We do not
          guarantee any particular number of views, clicks or visits. Fees are non-refundable, as
          described under <a href="#refund">Refunds</a>.
        </p>
      </section>

      <section id="feedback" className="legal-section">
        <h2>9. Feedback</h2>
        <p>
          We love hearing ideas for making Siplog better. If you send us suggestions, comments or
          other feedback about the Service, you agree that we may use it for any purpose, without
          owing you anything and without any obligation to keep it confidential.
        </p>
        <p>
          Feedback about the Service itself is separate from your reviews of places, which are user
          materials covered by <a href="#user-materials">section 5</a>.
        </p>
      </section>

      <section id="deactivation" className="legal-section">
        <h2>10. Deactivation and deletion</h2>
        <p>
          You can stop using Siplog at any time. You can deactivate your account yourself in your
          account settings. Deactivating your account hides your profile and stops you from signing
          in, but it does not by itself erase everything we hold about you.
        </p>
        <p>
          If you want us to delete all of your data, please request it by e-mailing{' '}
          <SupportEmailLink />. We may need to confirm that the request really comes from you. Some
          information may remain for a limited time in backups, or where we must keep it to meet legal
          obligations, resolve disputes or enforce these terms.
        </p>
        <p>
          We may suspend or deactivate your account, or limit your access to the Service, if you break
          these terms, if we are required to by law, or if we reasonably believe it is necessary to
          protect Siplog, our users or others. Where appropriate we will tell you why. Sections of
          these terms that by their nature should survive, including those on user materials,
          intellectual property, indemnification, warranties, liability and arbitration, continue to
          apply after your account is deactivated or deleted.
        </p>
      </section>

      <section id="indemnification" className="legal-section">
        <h2>11. Indemnification</h2>
        <p>
          To the extent permitted by law, you agree to defend, indemnify and hold harmless Siplog and
          its owners, operators, employees and agents from and against any claims, damages, losses,
          liabilities, costs and expenses (including reasonable legal fees) arising out of or related
          to your use of the Service, your user materials, any contact information you upload as an
          agent, any advertisements you buy, or your breach of these terms or of anyone&rsquo;s rights.
        </p>
        <p>
          We may take over the defence of any claim covered by this section, in which case you agree
          to cooperate with us. You may not settle such a claim without our written consent.
        </p>
      </section>

      <section id="no-warranties" className="legal-section">
        <h2>12. No warranties</h2>
        <p>
          The Service is provided &ldquo;as is&rdquo; and &ldquo;as available&rdquo;. To the fullest
          extent permitted by law, Siplog makes no warranties of any kind, whether express or implied,
          including warranties of merchantability, fitness for a particular purpose, title and
          non-infringement.
        </p>
        <p>
          Reviews and ratings are the opinions of the people who post them, not of Siplog. We do not
          promise that the Service will be uninterrupted, secure or error-free, that place
          information such as addresses, menus, prices or opening hours is accurate or current, or
          that any content will be kept. Always use your own judgement, especially about allergies and
          dietary needs.
        </p>
      </section>

      <section id="liability" className="legal-section">
        <h2>13. Limitation of liability</h2>
        <p>
          To the fullest extent permitted by law, Siplog will not be liable for any indirect,
          incidental, special, consequential, exemplary or punitive damages, or for any loss of
          profits, revenue, data, goodwill or business opportunities, arising out of or related to
          your use of, or inability to use, the Service, even if we have been told such damages were
          possible.
        </p>
        <p>
          To the fullest extent permitted by law, Siplog&rsquo;s total liability to you for all claims
          arising out of or related to these terms or the Service is limited to the greater of (a) the
          fees you paid to Siplog in the {LIMITS.liabilityLookbackMonths} months before the event giving rise to the
          claim, or (b) ${LIMITS.liabilityFloorUsd.toFixed(2)} (one US cent).
        </p>
        <p>
          Some jurisdictions do not allow certain of these exclusions or limits, so some of them may
          not apply to you. In that case our liability is limited to the smallest amount the law
          allows.
        </p>
      </section>

      <section id="general" className="legal-section">
        <h2>14. General</h2>
        <p>
          These terms, together with our Privacy Policy and any terms shown when you buy advertisement
          placement, are the entire agreement between you and Siplog about the Service and replace
          any earlier agreements on the same subject. Except as described in the{' '}
          <a href="#arbitration">arbitration</a> section, they are governed by the laws of the State
          of Texas, United States, without regard to its conflict of law rules.
        </p>
        <p>
          If any part of these terms is found to be unenforceable, the rest stays in effect. If we do
          not enforce a right or provision, that is not a waiver of it. You may not assign or
          transfer these terms without our consent; we may assign them, for example as part of a
          merger or sale of the Service. Nothing in these terms creates a partnership, employment or
          agency relationship between you and Siplog. We are not responsible for delays or failures
          caused by events beyond our reasonable control.
        </p>
      </section>

      <section id="communications" className="legal-section">
        <h2>15. Communications</h2>
        <p>
          By creating an account, you agree that we may contact you electronically, by e-mail or
          through notices in the Service, about your account, security, changes to these terms and
          other service matters. These communications are part of using Siplog, and you agree that
          they satisfy any legal requirement for communications to be in writing.
        </p>
        <p>
          If we send you optional updates or newsletters, you can opt out at any time using the link in
          the message or your account settings. You can reach us through the{' '}
          <Link to="/contact">Contact page</Link> or at <SupportEmailLink />.
        </p>
      </section>

      <section id="refund" className="legal-section">
        <h2>16. Refunds</h2>
        <p>
          All fees paid to Siplog, including for advertisement placement and subscriptions, are
          non-refundable, and we do not give refunds or credits for partial billing periods, unused
          placements, or accounts that are deactivated, whether by you or by us for breaking these
          terms.
        </p>
        <p>
          This does not affect any rights you may have under laws that cannot be excluded by
          contract. If you think you were charged in error, please contact us at{' '}
          <SupportEmailLink /> and we will look into it.
        </p>
      </section>

      <section id="arbitration" className="legal-section">
        <h2>17. Arbitration and class action waiver</h2>
        <p>
          Please read this section carefully: it affects your rights. If you have a concern, please
          contact us first so that we can try to resolve it informally. If we cannot resolve a dispute
          within 30 days, you and Siplog agree that any dispute, claim or controversy arising out of
          or relating to these terms or the Service will be resolved by final and binding arbitration
          before a single arbitrator, rather than in court.
        </p>
        <p>
          The arbitration will take place in Travis County, Texas, and will be governed by the laws of
          the State of Texas and, where applicable, the Federal Arbitration Act. The arbitrator&rsquo;s
          decision will be final, and judgement on it may be entered in any court with jurisdiction.
          Either party may still bring an individual claim in small claims court if it qualifies, or
          ask a court for an injunction to protect intellectual property rights.
        </p>
        <p>
          <strong>Class action waiver.</strong> You and Siplog agree that each may bring claims against
          the other only in an individual capacity, and not as a plaintiff or class member in any
          purported class, collective, consolidated or representative proceeding. The arbitrator may
          not combine more than one person&rsquo;s claims and may not preside over any form of class
          or representative proceeding. If this waiver is found to be unenforceable, the rest of this
          arbitration section will not apply to that dispute.
        </p>
      </section>

      <section id="privacy" className="legal-section">
        <h2>18. Privacy</h2>
        <p>
          Your privacy matters to us. Our <Link to="/privacy-policy">Privacy Policy</Link> explains
          what information we collect, how we use and share it, and the choices you have, including
          how to deactivate your account and how to ask us to delete your data. By using Siplog, you
          acknowledge that your information will be handled as described there.
        </p>
        <p>
          If you have any questions about these terms or our privacy practices, please get in touch
          through the <Link to="/contact">Contact page</Link>.
        </p>
      </section>
    </LegalDocument>
  );
}
