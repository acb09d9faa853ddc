import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

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
