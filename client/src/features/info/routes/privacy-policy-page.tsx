import { List, Text } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { useSiteConfig } from '../../../lib/site-config.js';
import { LegalPage, LegalSection, Para, Points, SellerAddress } from '../components/legal-document.js';

/** Bump when the text changes in substance; shown on the page. */
const LAST_UPDATED = '2026-11-23';

/**
 * The privacy policy: what this product stores, why, for how long and with whom. Every period named
 * here is one the code keeps (invoices: invoices.service.ts; sign-in: accounts.service.ts; cookies:
 * lib/cookies.ts callers); third parties appear only when they are configured.
 */
export function PrivacyPolicyPage() {
  const { t } = useLingui();
  const config = useSiteConfig().data;
  if (!config) return <LegalPage title={t`Privacy policy`} updated={LAST_UPDATED} testId="privacy-policy" loading />;
  const seller = config.seller;
  const sellerName = seller.name;
  const contact = seller.contactEmail;
  const analyticsHost = config.analytics ? new URL(config.analytics.endpoint).host : null;
  const videoHost = config.video?.host ?? null;

  return (
    <LegalPage title={t`Privacy policy`} updated={LAST_UPDATED} testId="privacy-policy">
      <Para>
        <Trans>
          This policy explains which personal data Masterdeck processes when you use this website and your account, why we do it,
          how long we keep it, who helps us, and which rights you have under the EU General Data Protection Regulation (GDPR).
        </Trans>
      </Para>

      <LegalSection title={<Trans>1. Who is responsible</Trans>}>
        <Para>
          <Trans>The controller for the processing described here is:</Trans>
        </Para>
        <SellerAddress seller={seller} />
        <Para>
          <Trans>Write to {contact} with any question about your data or to use any of the rights listed below.</Trans>
        </Para>
      </LegalSection>

      <LegalSection title={<Trans>2. What we process, why, and for how long</Trans>}>
        <Points>
          <List.Item>
            <Trans>
              <strong>Your account:</strong> e-mail address, first and last name, your password (stored only as an Argon2id hash, never
              in readable form) and your e-mail choices (newsletter, product updates, beta testing). We need these to provide your
              account (Art. 6(1)(b) GDPR). They are kept until you delete your account.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              <strong>Your tracks and masters:</strong> the WAV files you upload, their details (name, artist, genre, album, tempo),
              the masters made from them, their waveforms and loudness figures. We process them to master, play and deliver your
              music (Art. 6(1)(b) GDPR). They are kept until you delete the track or your account; then the files are removed from
              our storage.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              <strong>Sharing, comments and ratings:</strong> the e-mail addresses you share a master with (they receive an
              invitation), and the comments and ratings you write. Everyone a master is shared with sees the owner's e-mail address,
              and comments and ratings show their author's e-mail address to the owner and those people. The owner receives at most
              one e-mail per hour about new comments on a track, which can be switched off in the profile. Comments and ratings are
              kept until their author deletes them, the owner deletes the track, or the account is deleted (Art. 6(1)(b) GDPR).
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              <strong>Purchases and invoices:</strong> your invoice address (and company and tax ID if you give them), what you
              bought, the price, VAT, any coupon, the payment method type and the payment provider's transaction number. Card details
              are typed into the payment provider's own form and go directly to it; we never see or store card numbers. We process
              this to sell to you and because tax law requires invoices (Art. 6(1)(b) and (c) GDPR). Invoices are kept for ten years
              after the end of the year they were issued (§ 147 AO, § 14b UStG), also after you delete your account.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              <strong>The distribution add-on</strong> (only if you subscribe): artist and label names, the artist's country,
              participants with their payout e-mail addresses, releases with artwork, track details and identifiers (ISRC, ISWC,
              barcode), and royalty statements. We pass release data to the stores you choose so they can sell and stream your music,
              and pay out royalties to the participants (Art. 6(1)(b) GDPR). Release data is kept while a release is live; payout and
              statement records are kept ten years for accounting.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              <strong>E-mails from us:</strong> address confirmation, password reset, share invitations, comment summaries and
              purchase receipts are part of the service (Art. 6(1)(b) GDPR). The newsletter and product updates are sent only if you
              chose them (Art. 6(1)(a) GDPR); you can switch them off at any time in your profile.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              <strong>Technical data and security:</strong> to deliver pages and defend the service against abuse, our servers
              process your IP address, the time, the address requested and your browser's identification (Art. 6(1)(f) GDPR; our
              interest is a working, secure service). Request logs are deleted after 14 days. To limit repeated sign-in and sign-up
              attempts we store only a one-way hash of the IP or e-mail address, deleted when its time window ends.
            </Trans>
          </List.Item>
        </Points>
      </LegalSection>

      <LegalSection title={<Trans>3. Cookies and storage on your device</Trans>}>
        <Para>
          <Trans>These are necessary for the site to work and are set without asking (§ 25(2) TDDDG):</Trans>
        </Para>
        <Points>
          <List.Item>
            <Trans>lang: your interface language, kept for 365 days.</Trans>
          </List.Item>
          <List.Item>
            <Trans>cookie_consent: your cookie choice, kept for one year.</Trans>
          </List.Item>
          <List.Item>
            <Trans>notice_banner_closed: remembers that you closed the notice, kept for one year.</Trans>
          </List.Item>
          <List.Item>
            <Trans>refresh_token: keeps you signed in, readable only by our server, kept for 7 days after your last visit or until you sign out.</Trans>
          </List.Item>
          <List.Item>
            <Trans>freePluginDialog (browser storage): remembers that you closed the welcome offer, until you clear your browser data.</Trans>
          </List.Item>
        </Points>
        <Para>
          <Trans>
            Analytics, tracking and marketing stay off until you agree in the cookie banner (Art. 6(1)(a) GDPR). You can change your
            choice at any time under “Cookie settings” at the bottom of every page.
          </Trans>
        </Para>
        {analyticsHost && (
          <Para>
            <Trans>
              <strong>Statistics:</strong> with your consent to analytics, page views and events such as a started checkout or a
              purchase's value are sent to our statistics service at {analyticsHost}. It sets no cookies and receives no name or
              e-mail address; the address of each page is sent without its query string.
            </Trans>
          </Para>
        )}
        {videoHost && (
          <Para>
            <Trans>
              <strong>Video:</strong> the video on the home page is served by {videoHost}. It is loaded only after you consent to
              marketing or press its play button; from then on that provider receives your IP address, may set cookies and is
              responsible for its own processing.
            </Trans>
          </Para>
        )}
      </LegalSection>

      <LegalSection title={<Trans>4. Who helps us, and who receives data</Trans>}>
        <Points>
          <List.Item>
            <Trans>
              <strong>Braintree</strong>, a service of PayPal (Europe) S.à r.l. et Cie, S.C.A., 22–24 Boulevard Royal, L-2449
              Luxembourg, processes card payments and subscriptions. Payment data may be processed in the USA; this rests on the EU–US
              Data Privacy Framework and the EU standard contractual clauses.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Our hosting, database, file storage and e-mail delivery providers process data only on our instructions under data
              processing agreements (Art. 28 GDPR), in the European Union.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>With the distribution add-on, the stores and streaming services you choose receive your release data.</Trans>
          </List.Item>
          <List.Item>
            <Trans>Tax authorities and courts receive data only where the law obliges us.</Trans>
          </List.Item>
        </Points>
        <Para>
          <Trans>We do not sell personal data and do not use it for advertising profiles.</Trans>
        </Para>
      </LegalSection>

      <LegalSection title={<Trans>5. Your rights</Trans>}>
        <Para>
          <Trans>
            You may ask us for access to your data (Art. 15 GDPR), its correction (Art. 16), deletion (Art. 17), restriction of its
            processing (Art. 18) and a copy in a common machine-readable format (Art. 20), and you may object to processing based on
            our legitimate interests (Art. 21). A consent can be withdrawn at any time with effect for the future (Art. 7(3)).
          </Trans>
        </Para>
        <Para>
          <Trans>
            Much of this you can do yourself: change your name, e-mail address and e-mail choices in your profile, delete comments,
            ratings, shares and tracks, and delete your whole account under Account. Deleting the account removes your tracks,
            masters, files, comments, ratings and shares at once; only invoices stay for the period tax law requires.
          </Trans>
        </Para>
        <Para>
          <Trans>
            You also have the right to complain to a data protection supervisory authority (Art. 77 GDPR), in particular in the EU
            country where you live or work, or where {sellerName} has its seat.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={<Trans>6. Security</Trans>}>
        <Para>
          <Trans>
            Connections are encrypted (HTTPS), passwords are stored only as hashes, every request for a track, master, comment or
            download is checked against the account that asks, and sign-in sessions can be ended by signing out.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={<Trans>7. Changes</Trans>}>
        <Text lh={1.6}>
          <Trans>
            When our processing changes we update this page and its date. If a change affects what you agreed to, we tell you by
            e-mail before it applies.
          </Trans>
        </Text>
      </LegalSection>
    </LegalPage>
  );
}
