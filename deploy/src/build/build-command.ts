// `npm run build` (deploy workspace, run last by the root build): the backend compiled to JavaScript.
import { buildBackend } from './backend-build.ts';

const started = Date.now();
try {
  const { files } = await buildBackend();
  console.log(`build: ${files.length} files compiled to dist/ in ${Date.now() - started} ms`);
} catch (error) {
  console.error(`build: ${(error as Error).message}`);
  process.exit(1);
}
