export interface StatechartAppOptions {
  /** Starts the development API server that `/api` goes to in `vite` and `vite preview` (serve only). */
  startApi?: () => Promise<{ url: string }>;
  /** The environment variable that, when set, names the backend `/api` goes to instead (default `API_URL`). */
  apiUrlEnv?: string;
  /**
   * The path spec whose sample events the inspector offers for events with a payload (`npm start`
   * only), relative to Vite's root: default `tests/paths/productPaths.ts`; `false` for none.
   */
  spec?: string | false;
}
