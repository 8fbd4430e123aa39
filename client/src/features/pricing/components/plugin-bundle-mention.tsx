import { Anchor, Text } from '@mantine/core';
import { Trans } from '@lingui/react/macro';
import { useSiteConfig } from '../../../lib/site-config.js';

/**
 * The plugin bundle offer: mentioned, its details not shown here; the link leads to the
 * page the operator names in PLUGIN_BUNDLE_URL. Without one, nothing is mentioned.
 */
export function PluginBundleMention() {
  const url = useSiteConfig().data?.pluginBundleUrl;
  if (!url) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="plugin-bundle">
      <Trans>
        Mixing in a DAW? There is also a plugin bundle:{' '}
        <Anchor href={url} target="_blank" rel="noopener noreferrer" inherit underline="always">
          about the plugin bundle
        </Anchor>
      </Trans>
    </Text>
  );
}
