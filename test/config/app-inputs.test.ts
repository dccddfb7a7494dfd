import { describe, expect, it } from 'vitest';
import { parseAppInputs } from '../../src/config/app-inputs.js';

const KEY = '-----BEGIN RSA PRIVATE KEY-----\nMIIEowIBAAKCAQEA\n-----END RSA PRIVATE KEY-----';

function parse(inputs: Record<string, string>): ReturnType<typeof parseAppInputs> {
  return parseAppInputs((name) => inputs[name] ?? '');
}

describe('the GitHub App inputs, checked as a set', () => {
  it('none given: no App (github_token is used)', () => {
    expect(parse({})).toBeUndefined();
    expect(parse({ app_id: '  ', app_private_key: '\n' })).toBeUndefined();
  });

  it.each([
    [{ app_id: '123', app_private_key: KEY }, { appId: '123', privateKey: KEY, installationId: undefined }],
    [{ app_id: ' 123 ', app_private_key: `\n${KEY}\n`, app_installation_id: '987' }, { appId: '123', privateKey: KEY, installationId: 987 }],
    [{ app_id: 'Iv23liABCdef.12', app_private_key: KEY.replace(/RSA /g, '') }, { appId: 'Iv23liABCdef.12', privateKey: KEY.replace(/RSA /g, ''), installationId: undefined }],
  ])('accepted: %j', (inputs, expected) => {
    expect(parse(inputs)).toEqual(expected);
  });

  it.each([
    [{ app_id: '123' }, '`app_id` is set but `app_private_key` is empty'],
    [{ app_private_key: KEY }, '`app_private_key` is set but `app_id` is empty'],
    [{ app_installation_id: '5' }, '`app_installation_id` is set but `app_id` is empty'],
    [{ app_id: 'my-app', app_private_key: KEY }, '`app_id` is "my-app"; expected the App\'s numeric ID'],
    [{ app_id: '0', app_private_key: KEY }, '`app_id` is "0"'],
    [{ app_id: '123', app_private_key: 'ghp_notakey' }, '`app_private_key` is not a PEM private key'],
    [{ app_id: '123', app_private_key: '-----BEGIN PUBLIC KEY-----\nMIIB\n-----END PUBLIC KEY-----' }, '`app_private_key` is not a PEM private key'],
    [{ app_id: '123', app_private_key: KEY, app_installation_id: 'abc' }, '`app_installation_id` is "abc"; expected a number'],
  ])('refused, naming the input: %j', (inputs, message) => {
    expect(() => parse(inputs)).toThrow(message);
  });

  it('a bad key is never quoted back', () => {
    expect(() => parse({ app_id: '1', app_private_key: 'secret-looking-value' })).toThrow(expect.objectContaining({ message: expect.not.stringContaining('secret-looking-value') as unknown }) as Error);
  });
});
