/**
 * `npm run hosting:rewrites`: writes firebase.json's Hosting rewrite from the app's served
 * paths (scripts/lib/hostingRewrites.ts). The build and `npm test` run it first.
 */
import { writeHostingRewrites } from './lib/hostingRewrites';

const changed = await writeHostingRewrites(process.cwd());
console.log(
  changed
    ? 'hosting:rewrites: firebase.json rewrite written from src/app/servedPaths.ts'
    : 'hosting:rewrites: firebase.json rewrite already matches src/app/servedPaths.ts',
);
