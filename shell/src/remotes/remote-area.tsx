import { federationName, REMOTE_LABELS, type RemoteName } from '@manager/contract';
import { antdOnDemandLoaded, loadAntdOnDemand, LoadingState } from '@manager/ui';
import { Alert, Button, Typography } from '@manager/ui';
import { lazy, Suspense, useState, type ComponentType } from 'react';
import { useLocation } from '@manager/platform';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { loadedRemoteRoutes, loadRemoteRoutes } from './remote-registry';
import { RemoteRoutes } from './remote-routes';

type Area = ComponentType<{ prefix: string }>;

/**
 * One lazy component per remote, shared by all its prefixes so moving between /users and
 * /game does not reload it. React.lazy remembers a failure forever, so Retry replaces it.
 */
const areas = new Map<RemoteName, { attempt: number; Area: Area }>();

function areaFor(name: RemoteName, attempt: number): Area {
  const cached = areas.get(name);
  if (cached && cached.attempt === attempt) return cached.Area;
  // Already loaded (the idle prefetch): mount directly, without a Suspense fallback frame.
  const ready = attempt === 0 && antdOnDemandLoaded() ? loadedRemoteRoutes(name) : undefined;
  const Area: Area = ready
    ? ({ prefix }) => <RemoteRoutes routes={ready} prefix={prefix} />
    : lazy(async () => {
        // antd's on-demand components (forms, tables, overlays) come with the routes, so a
        // remote page never suspends half-drawn on its first form or table.
        const [routes] = await Promise.all([loadRemoteRoutes(name, attempt > 0), loadAntdOnDemand()]);
        return { default: ({ prefix }: { prefix: string }) => <RemoteRoutes routes={routes} prefix={prefix} /> };
      });
  areas.set(name, { attempt, Area });
  return Area;
}

export function RemoteArea({ name, prefix }: { name: RemoteName; prefix: string }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(() => areas.get(name)?.attempt ?? 0);
  const Area = areaFor(name, attempt);

  return (
    <RemoteErrorBoundary
      key={attempt}
      resetKey={pathname}
      fallback={(error) => (
        <Alert
          type="error"
          showIcon
          title={`${REMOTE_LABELS[name]} is unavailable`}
          description={
            <>
              <p style={{ margin: 0 }}>
                The {federationName(name)} module could not be loaded; the rest of the console keeps
                working.
              </p>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {error.message}
              </Typography.Text>
            </>
          }
          action={
            <Button size="small" onClick={() => setAttempt(attempt + 1)}>
              Retry
            </Button>
          }
        />
      )}
    >
      <Suspense fallback={<LoadingState />}>
        <Area prefix={prefix} />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
