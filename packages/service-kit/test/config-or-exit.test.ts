import { Type } from '@sinclair/typebox';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { configOrExit, loadConfig } from '../src/index.ts';

const settings = { TEAM_EMAIL: Type.String({ minLength: 3 }) };

describe('configOrExit', () => {
  afterEach(() => vi.restoreAllMocks());

  it('returns the configuration it loads', () => {
    expect(configOrExit('svc', () => loadConfig(settings, { TEAM_EMAIL: 'a@b.c' }))).toEqual({
      TEAM_EMAIL: 'a@b.c',
    });
  });

  it('on a refused configuration prints its message alone and exits 1', () => {
    const printed = vi.spyOn(console, 'error').mockImplementation(() => {});
    const exit = vi.spyOn(process, 'exit').mockImplementation((code) => {
      throw new Error(`exit ${code}`);
    });
    expect(() => configOrExit('svc', () => loadConfig(settings, {}))).toThrow('exit 1');
    expect(exit).toHaveBeenCalledWith(1);
    expect(printed.mock.calls).toEqual([
      ['svc: cannot start: Invalid configuration:\n  - TEAM_EMAIL is required'],
    ]);
  });

  it('lets any other error through', () => {
    const exit = vi.spyOn(process, 'exit');
    expect(() =>
      configOrExit('svc', () => {
        throw new TypeError('a bug');
      }),
    ).toThrow(TypeError);
    expect(exit).not.toHaveBeenCalled();
  });
});
