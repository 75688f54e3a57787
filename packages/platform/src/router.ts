/**
 * The react-router API the console uses, and only that, re-exported by `@manager/platform`.
 * Apps import routing from '@manager/platform', never from 'react-router-dom': platform is
 * the shared singleton (a subpath share made the plugin evaluate platform twice), so the router is tree-shaken to this list and the page holds one copy
 * (shared whole, react-router-dom is 65 KB gzip on the first page). ESLint refuses a direct
 * import; a hook missing here is added here, and the shell is deployed with it first.
 */
export {
  BrowserRouter,
  Link,
  MemoryRouter,
  Navigate,
  Outlet,
  Route,
  Routes,
  useLocation,
  useNavigate,
  useParams,
  useSearchParams,
} from 'react-router-dom';
export type { NavigateFunction, SetURLSearchParams } from 'react-router-dom';
