/**
 * Set to "1" by `npm run build` on the React Router build it starts: the build's end (react-router.config.ts) then
 * leaves the rest to it, which does it once React Router's process has ended (full-build.ts). Rendering inside that
 * process had the pages rendered beside its memory (the bundles' modules and the validated content, 0.9–1.4 GB at
 * 10,000 routes), which it never gives back.
 */
export const FINISHED_BY_CALLER = "BUILD_FINISHED_BY_CALLER";
