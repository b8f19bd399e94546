export { Shell } from './shell.js';
export { UI_VIEWS } from './views.js';
export { uiAssets, type Asset } from './assets.js';
export { ErrorPanel } from './parts/error-panel.js';
export { UI, paths } from './paths.js';
export type { ViewDef, ViewInput, ViewResult } from './view.js';
