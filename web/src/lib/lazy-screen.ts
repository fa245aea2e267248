import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

/** A screen whose code is fetched when it is first opened: the first screen loads only its own. */
export const lazyScreen = (path: string, load: () => Promise<ComponentType>): RouteObject => ({
  path,
  lazy: async () => ({ Component: await load() }),
});
