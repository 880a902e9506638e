import { describe, expect, test } from 'vitest';
import { connectionOptions, parseQueueUrl, QUEUE_PASSWORD_ENV } from '../../src/core/index.js';

describe('--queue redis://HOST:PORT/DB', () => {
  test('host, port and database, with the defaults a Redis URL has', () => {
    expect(parseQueueUrl('redis://10.0.0.5:6390/3')).toEqual({
      url: 'redis://10.0.0.5:6390/3',
      host: '10.0.0.5',
      port: 6390,
      db: 3,
    });
    expect(parseQueueUrl('redis://queue.internal')).toEqual({
      url: 'redis://queue.internal/0',
      host: 'queue.internal',
      port: 6379,
      db: 0,
    });
    expect(parseQueueUrl('redis://[::1]:7000/1')).toMatchObject({ host: '::1', port: 7000, db: 1 });
  });

  test.each([
    'localhost:6379',
    'http://127.0.0.1:6379/0',
    'redis://127.0.0.1:6379/db',
    'redis://127.0.0.1:6379/16',
    'redis://127.0.0.1:6379/0?x=1',
    'redis://',
  ])('`%s` is refused by flag and value', (text) => {
    expect(() => parseQueueUrl(text)).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION', message: expect.stringContaining('--queue') }),
    );
  });

  test('a password in the URL is refused without being repeated; it comes from the environment', () => {
    let message = '';
    try {
      parseQueueUrl('redis://:hunter2-secret@127.0.0.1:6379/0');
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(QUEUE_PASSWORD_ENV);
    expect(message).not.toContain('hunter2-secret');
    const target = parseQueueUrl('redis://127.0.0.1:6379/0');
    expect(connectionOptions(target, { [QUEUE_PASSWORD_ENV]: 's3' })).toMatchObject({ password: 's3' });
    expect(connectionOptions(target, {})).not.toHaveProperty('password');
  });
});
