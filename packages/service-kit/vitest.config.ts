import { nodeVitestConfig } from '../../vitest.shared.ts';

export default nodeVitestConfig;
