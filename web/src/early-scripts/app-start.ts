import { startAppScript } from './app-script';

/**
 * The app's loader, built on its own under its content's hash (web/build/early-scripts.ts) and
 * named, deferred, after a page's early script by a page that names the app's script for later
 * (infra/src/system/route-shells.ts): it starts the app's script once that early script's first
 * screen has been painted. A page whose early script left nothing (it draws no screen, it failed
 * to load, or it is an earlier version's kept by a service worker) gets the app's script at once.
 */
startAppScript(window.nocturneFirstScreen);
