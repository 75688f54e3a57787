/**
 * react-router-dom's hooks and components, re-exported by `@manager/platform`. Apps import
 * routing from '@manager/platform', never from 'react-router-dom': platform is the shared
 * singleton (a subpath share made the plugin evaluate platform twice), so the page holds one
 * router, and a remote may use any hook or component without the shell being rebuilt.
 * ESLint refuses a direct import. `test/router.test.tsx` fails when react-router-dom gains a
 * hook or a component this file lacks.
 *
 * Every hook, and every component a page renders inside the console's router, is here,
 * eager. The console mounts pages under a `BrowserRouter`, not a data router: the data-router
 * hooks (`useBlocker`, `useLoaderData`, `useFetcher`, `useSubmit`, `useNavigation`,
 * `useRevalidator`, `useMatches`...) and `Form` / `ScrollRestoration` throw "must be used within
 * a data router" there, as react-router says; they are exported for the day the shell moves to
 * one. The framework-mode and server components (`HydratedRouter`, `ServerRouter`, `Links`,
 * `Meta`, `Scripts`...) are not exported: they throw under any browser router, and
 * `HydratedRouter` alone would add 25 KB gzip to the first page.
 */
export {
  // Hooks.
  unstable_usePrompt,
  unstable_useRoute,
  unstable_useRouterState,
  useActionData,
  useAsyncError,
  useAsyncValue,
  useBeforeUnload,
  useBlocker,
  useFetcher,
  useFetchers,
  useFormAction,
  useHref,
  useInRouterContext,
  useLinkClickHandler,
  useLoaderData,
  useLocation,
  useMatch,
  useMatches,
  useNavigate,
  useNavigation,
  useNavigationType,
  useOutlet,
  useOutletContext,
  useParams,
  useResolvedPath,
  useRevalidator,
  useRouteError,
  useRouteLoaderData,
  useRoutes,
  useSearchParams,
  useSubmit,
  useViewTransitionState,
  // Components.
  Await,
  BrowserRouter,
  Form,
  HashRouter,
  Link,
  MemoryRouter,
  NavLink,
  Navigate,
  Outlet,
  Route,
  Router,
  RouterProvider,
  Routes,
  ScrollRestoration,
  StaticRouter,
  unstable_HistoryRouter,
} from 'react-router-dom';
export type { NavigateFunction, SetURLSearchParams } from 'react-router-dom';
