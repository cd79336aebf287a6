import { serviceVitestConfig } from '../../vitest.shared.ts';

export default serviceVitestConfig;
