// Route modules the remotes expose (see each remote's vite.config.ts `exposes`). The federation
// runtime hands a remote module's named exports back as its default export, hence the shape.
declare module 'marketplace/routes' {
  const module: import('@krom/ui-kit/remote-route.ts').RemoteRouteModule;
  export default module;
}
declare module 'account/routes' {
  const module: import('@krom/ui-kit/remote-route.ts').RemoteRouteModule;
  export default module;
}
declare module 'admin/routes' {
  const module: import('@krom/ui-kit/remote-route.ts').RemoteRouteModule;
  export default module;
}
