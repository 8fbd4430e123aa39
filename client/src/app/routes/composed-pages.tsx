import { useLingui } from '@lingui/react/macro';
import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/page-header.js';
import { FaqList } from '../../features/faq/components/faq-list.js';
import { StylesSection } from '../../features/catalogue/components/style-overview.js';
import { QuickGuide } from '../../features/info/components/quick-guide.js';
import { StudioFeatures } from '../../features/marketing/components/studio-features.js';
import { VideoSection } from '../../features/marketing/components/video-section.js';
import { SupportIntro } from '../../features/info/routes/info-pages.js';
import { useSiteConfig } from '../../lib/site-config.js';

/** /info: support with the FAQ. */
export function SupportPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Support`} description={<SupportIntro />} />
      <FaqList />
    </>
  );
}

/** /learn: the quick guide, what the studio does, the styles and the video. */
export function LearnPage() {
  const { t } = useLingui();
  const config = useSiteConfig().data;
  return (
    <>
      <PageHeader title={t`How mastering works here`} description={t`A quick guide from your mix to a finished master.`} />
      <Stack gap={48}>
        <QuickGuide />
        <StudioFeatures distribution={config?.features.distribution ?? false} />
        <StylesSection />
        {config?.video && <VideoSection video={config.video} />}
      </Stack>
    </>
  );
}

/** /faq */
export function FaqPage() {
  const { t } = useLingui();
  return (
    <>
      <PageHeader title={t`Frequently asked questions`} />
      <FaqList />
    </>
  );
}
