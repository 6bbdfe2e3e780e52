/**
 * The React Router API Krom's frontends may use. Every frontend build resolves the bare
 * 'react-router-dom' import to this module (see federationAliases), and this module is what the
 * host shares with the remotes as the router singleton.
 *
 * Why: a shared module is built whole, and the whole of react-router-dom (server rendering,
 * sessions, RSC...) is about 66 KiB gzipped; this selection is a fraction of that, on every
 * first page load. Importing something not listed here fails the build loudly; add it here.
 */
export { RouterProvider } from 'react-router/dom';
export {
  createBrowserRouter,
  generatePath,
  isRouteErrorResponse,
  Link,
  matchPath,
  Navigate,
  NavLink,
  Outlet,
  ScrollRestoration,
  useLocation,
  useMatch,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useSearchParams,
} from 'react-router';
