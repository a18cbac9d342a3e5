import { TEST_MODE_NOTICE } from '@caterway/domain';

/**
 * While payments run on the sandbox provider (site_config.test_mode, docs/decisions/028) every
 * page says so. A status message fixed to the bottom edge: it covers nothing it would push down
 * when the answer arrives (no layout shift), and the shell leaves room for it under the footer.
 */
export function TestModeBanner({ testMode }: { testMode: boolean | undefined }) {
  if (!testMode) return null;
  return (
    <div className="test-mode-banner" role="status">
      <strong>{TEST_MODE_NOTICE}</strong>
    </div>
  );
}
