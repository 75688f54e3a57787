import { federationName, type AreaName } from '@manager/contract';
import { antdOnDemandLoaded, loadAntdOnDemand, LoadingState } from '@manager/ui';
import { Alert, Button, Typography } from '@manager/ui';
import { lazy, Suspense, useEffect, useRef, type ComponentType } from 'react';
import { useLocation } from '@manager/platform';
import { retryRemote, useAreaGeneration } from './area-generation';
import { RemoteErrorBoundary } from './remote-error-boundary';
import { currentTarget, loadedRemoteBuild, loadedRemoteRoutes, loadRemoteRoutes } from './remote-registry';
import { RemoteRoutes } from './remote-routes';
import { areaLabelOf } from './versions';
import { SkewError } from './skew';
import { clearUnsavedInput, noteClick, noteInput, noteKey } from './unsaved-input';

type Area = ComponentType<{ prefix: string }>;

/**
 * One area component per remote and generation, shared by all its prefixes so moving between
 * /users and /game does not reload it. `entry` is the build it shows (unknown while loading):
 * when the admin should now run another build (another admin signed in, a canary, a release
 * taken elsewhere) the next mount loads that one. React.lazy remembers a failure forever, so
 * a new generation (Retry) replaces it.
 */
const areas = new Map<AreaName, { generation: number; entry: string | undefined; Area: Area }>();

function areaFor(name: AreaName, generation: number, reload: boolean): Area {
  const wanted = currentTarget(name)?.entry;
  const cached = areas.get(name);
  if (cached && cached.generation === generation && (!wanted || !cached.entry || cached.entry === wanted)) {
    return cached.Area;
  }
  // Already loaded (the idle prefetch, an update): mount directly, without a Suspense frame.
  const build = loadedRemoteBuild(name);
  const routes = loadedRemoteRoutes(name);
  const ready = !reload && routes && build && antdOnDemandLoaded() && (!wanted || build.entry === wanted);
  const record: { generation: number; entry: string | undefined; Area: Area } = {
    generation,
    entry: ready ? build.entry : undefined,
    Area: () => null,
  };
  record.Area = ready
    ? ({ prefix }) => <RemoteRoutes routes={routes} prefix={prefix} />
    : lazy(async () => {
        // antd's on-demand components (forms, tables, overlays) come with the routes, so a
        // remote page never suspends half-drawn on its first form or table.
        const [loadedRoutes] = await Promise.all([loadRemoteRoutes(name, reload), loadAntdOnDemand()]);
        record.entry = loadedRemoteBuild(name)?.entry;
        return {
          default: ({ prefix }: { prefix: string }) => <RemoteRoutes routes={loadedRoutes} prefix={prefix} />,
        };
      });
  areas.set(name, record);
  return record.Area;
}

function Failure({ name, error }: { name: AreaName; error: Error }) {
  const retry = (
    <Button size="small" onClick={() => retryRemote(name)}>
      Retry
    </Button>
  );
  // A release this console cannot satisfy: say what it needs, nothing was loaded.
  if (error instanceof SkewError)
    return <Alert type="warning" showIcon title={error.message} action={retry} />;
  return (
    <Alert
      type="error"
      showIcon
      title={`${areaLabelOf(name)} is unavailable`}
      description={
        <>
          <p style={{ margin: 0 }}>
            The {federationName(name)} module could not be loaded; the rest of the console keeps working.
          </p>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {error.message}
          </Typography.Text>
        </>
      }
      action={retry}
    />
  );
}

export function RemoteArea({ name, prefix }: { name: AreaName; prefix: string }) {
  const { pathname } = useLocation();
  const { generation, reload } = useAreaGeneration(name);
  const Area = areaFor(name, generation, reload);
  // A new page of the area holds nothing typed yet; neither does a new build of it (a swap
  // remounts the area) nor an area that is gone.
  useEffect(() => {
    clearUnsavedInput(name);
    return () => clearUnsavedInput(name);
  }, [name, pathname, generation]);

  // After a swap (an update, leaving a test build) the control that started it is gone: focus
  // goes to the area that changed, so keyboard and screen reader users land on the new build.
  const wrapper = useRef<HTMLDivElement>(null);
  const shownGeneration = useRef(generation);
  useEffect(() => {
    if (shownGeneration.current === generation) return;
    shownGeneration.current = generation;
    if (!reload) wrapper.current?.focus();
  }, [generation, reload]);

  return (
    <div
      ref={wrapper}
      role="region"
      aria-label={areaLabelOf(name)}
      tabIndex={-1}
      style={{ outline: 'none' }}
      onInput={(event) => noteInput(name, event.target)}
      onChange={(event) => noteInput(name, event.target)}
      onClick={(event) => noteClick(name, event.target)}
      onKeyDown={(event) => noteKey(name, event.target, event.key)}
    >
      <RemoteErrorBoundary
        key={generation}
        resetKey={pathname}
        fallback={(error) => <Failure name={name} error={error} />}
      >
        <Suspense fallback={<LoadingState />}>
          <Area prefix={prefix} />
        </Suspense>
      </RemoteErrorBoundary>
    </div>
  );
}
