import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CONFIG_VARIABLES, ConfigError, loadConfig } from './config.js';
import { ROOT } from './paths.js';

describe('loadConfig', () => {
  it('applies the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.PUBLIC_ORIGIN).toBe('http://localhost:3000');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it('derives PUBLIC_ORIGIN from PORT and strips a trailing slash', () => {
    expect(loadConfig({ PORT: '8080' }).PUBLIC_ORIGIN).toBe('http://localhost:8080');
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://adreplay.example/' }).PUBLIC_ORIGIN).toBe('https://adreplay.example');
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).PORT).toBe(3000);
  });

  it('stops with a message naming every bad variable', () => {
    const bad = () => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(bad).toThrow(ConfigError);
    expect(bad).toThrow(/PORT/);
    expect(bad).toThrow(/DATABASE_URL/);
    expect(bad).toThrow(/LOG_LEVEL/);
  });
});

describe('documentation of the variables', () => {
  const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

  it('.env.example lists every variable config.ts reads, each under a comment of its own', () => {
    const lines = read('.env.example').split('\n');
    const listed = lines.flatMap((line, i) => {
      const name = /^([A-Z0-9_]+)=/.exec(line)?.[1];
      if (!name) return [];
      expect(lines[i - 1], `comment above ${name}`).toMatch(/^# \S/);
      return [name];
    });
    expect([...listed].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });

  it('the configuration table (docs/configuration.md, linked from the README) has a row for every variable', () => {
    expect(read('README.md')).toContain('[docs/configuration.md](docs/configuration.md)');
    const table = read('docs/configuration.md');
    const rows = [...table.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((m) => m[1]);
    expect([...rows].sort()).toEqual([...CONFIG_VARIABLES].sort());
  });
});
