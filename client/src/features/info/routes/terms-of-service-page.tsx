import { Anchor, List } from '@mantine/core';
import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router';
import { useSiteConfig } from '../../../lib/site-config.js';
import { LegalPage, LegalSection, Para, Points, SellerAddress } from '../components/legal-document.js';

/** Bump when the text changes in substance; shown on the page. */
const LAST_UPDATED = '2026-11-23';

/**
 * The terms of service of this product: the figures (prices, formats, share limit, subscription
 * price and grace period) are the ones the code applies.
 */
export function TermsOfServicePage() {
  const { t } = useLingui();
  const config = useSiteConfig().data;
  if (!config) return <LegalPage title={t`Terms of service`} updated={LAST_UPDATED} testId="terms-of-service" loading />;
  const seller = config.seller;
  const sellerName = seller.name;
  const contact = seller.contactEmail;
  const distribution = config.features.distribution;

  return (
    <LegalPage title={t`Terms of service`} updated={LAST_UPDATED} testId="terms-of-service">
      <LegalSection title={<Trans>1. Who we are and what these terms cover</Trans>}>
        <Para>
          <Trans>
            These terms govern the use of Masterdeck, the online mastering service on this website, and every purchase made in it.
            Your contract partner is:
          </Trans>
        </Para>
        <SellerAddress seller={seller} />
      </LegalSection>

      <LegalSection title={<Trans>2. Your account</Trans>}>
        <Para>
          <Trans>
            You need an account to save uploads, buy, share and comment. You must be at least 16 years old and able to enter into
            contracts, give true details, confirm your e-mail address and keep your password to yourself. An account is for one
            person.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={<Trans>3. The service</Trans>}>
        <Para>
          <Trans>
            You upload a WAV file and choose a mastering style; our software masters the track automatically and you can hear the
            master against your original before you pay. Each style aims at a loudness target; where reaching it would take more
            compression than the style allows, the master stays below the target and says by how much. The result depends on your
            mix: we do not promise that a master suits a particular purpose or store.
          </Trans>
        </Para>
        <Para>
          <Trans>
            We aim to keep the service available at all times but cannot promise uninterrupted operation; maintenance and faults can
            interrupt it. Keep your own copies of your original files.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={<Trans>4. Your music and your rights</Trans>}>
        <Para>
          <Trans>
            You keep all rights in the music you upload and in its masters. You grant {sellerName} only the rights needed to store,
            analyse, master and play your tracks, to deliver the masters to you and to the people you share them with, and, if you
            release music with the distribution add-on, to deliver it to the stores you choose.
          </Trans>
        </Para>
        <Para>
          <Trans>
            You may upload only music you hold the necessary rights to, and nothing unlawful. If someone claims that an upload
            infringes their rights, we may block it until the matter is settled.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={<Trans>5. Prices, payment and invoices</Trans>}>
        <Points>
          <List.Item>
            <Trans>
              Each master comes in three options: Free (MP3, 192 kbps), Standard (WAV 16-bit, 44.1 kHz, dithered) and Studio (WAV
              24-bit at the sample rate of your mix: 44.1, 48, 88.2 or 96 kHz). The prices are those shown in the price box and at checkout, in US dollars on the English site and in
              euros on the German site, plus VAT where it applies; checkout shows the total before you pay.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              A master bought once can be downloaded again at any time while your account exists. Moving up to a better option costs
              only the difference.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>
              Payment is by card or another method offered by our payment provider Braintree. The contract is made when you press Pay
              and the payment is confirmed. You receive an invoice for every purchase, which you can download under Account.
            </Trans>
          </List.Item>
          <List.Item>
            <Trans>Coupon codes apply once per account unless stated otherwise, cannot be exchanged for cash and may expire.</Trans>
          </List.Item>
        </Points>
      </LegalSection>

      <LegalSection title={<Trans>6. Right of withdrawal for consumers</Trans>}>
        <Para>
          <Trans>
            If you are a consumer in the European Union, you may withdraw from a purchase within 14 days without giving a reason by
            telling us clearly, for example by e-mail to {contact}. We then refund the payment within 14 days by the same payment
            method.
          </Trans>
        </Para>
        <Para>
          <Trans>
            For digital content the right ends early once delivery has begun, but only if you expressly agreed that delivery starts
            before the withdrawal period ends and acknowledged that you thereby lose the right (§ 356(5) BGB).
          </Trans>
        </Para>
      </LegalSection>

      {distribution && (
        <LegalSection title={<Trans>7. The distribution add-on</Trans>}>
          <Para>
            <Trans>
              The distribution add-on is a subscription billed yearly in advance at the price shown before you subscribe (19.99 US
              dollars per year). It renews automatically each year unless you cancel it under Account, Subscription, before the
              renewal date; cancelling takes effect at the end of the paid year. If a renewal payment fails, the add-on stays usable
              for a grace period of 30 days.
            </Trans>
          </Para>
          <Para>
            <Trans>
              You are responsible for the rights, metadata, artwork and payout shares of your releases. Stores decide themselves
              whether and when to accept a release. Royalties are paid out to the participants' payout accounts according to the
              stores' statements.
            </Trans>
          </Para>
        </LegalSection>
      )}

      <LegalSection title={distribution ? <Trans>8. Sharing, comments and ratings</Trans> : <Trans>7. Sharing, comments and ratings</Trans>}>
        <Para>
          <Trans>
            You may share each master with up to five people by e-mail. Comments and ratings are visible to the track's owner and
            everyone it is shared with. Be respectful; the owner may delete any comment on their track, and we may remove content
            that breaks the law or these terms.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={distribution ? <Trans>9. Liability</Trans> : <Trans>8. Liability</Trans>}>
        <Para>
          <Trans>
            We are liable without limit for intent and gross negligence, for injury to life, body or health, and under the Product
            Liability Act. For slight negligence we are liable only for breach of an obligation essential to the contract, limited to
            the damage typical and foreseeable for this kind of contract. We are not liable for lost files you could have kept a copy
            of.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={distribution ? <Trans>10. Ending the contract</Trans> : <Trans>9. Ending the contract</Trans>}>
        <Para>
          <Trans>
            You can delete your account at any time under Account; this deletes your tracks and masters, so download what you want
            to keep first. We may close an account for a serious breach of these terms after a warning, or with two months' notice
            for other reasons; purchased masters can be downloaded until then.
          </Trans>
        </Para>
      </LegalSection>

      <LegalSection title={distribution ? <Trans>11. Changes and applicable law</Trans> : <Trans>10. Changes and applicable law</Trans>}>
        <Para>
          <Trans>
            We tell you about changes to these terms by e-mail at least six weeks before they apply; if you object in that time, the
            old terms continue and either side may end the contract.
          </Trans>
        </Para>
        <Para>
          <Trans>
            The law of the country where {sellerName} has its seat applies, excluding the UN Convention on Contracts for the
            International Sale of Goods; as a consumer you keep the protection of the mandatory law of the country where you live.
            We are neither obliged nor willing to take part in dispute resolution proceedings before a consumer arbitration board.
          </Trans>
        </Para>
        <Para>
          <Trans>
            How we handle your data is described in our{' '}
            <Anchor component={Link} to="/privacy-policy" inherit underline="always">
              privacy policy
            </Anchor>
            .
          </Trans>
        </Para>
      </LegalSection>
    </LegalPage>
  );
}
