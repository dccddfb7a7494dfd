import { test } from 'node:test';
import assert from 'node:assert/strict';
import { slugify } from '../src/slug.js';

test('a single word', () => assert.equal(slugify('Hello'), 'hello'));
test('several words', () => assert.equal(slugify('Hello Big World'), 'hello-big-world'));
test('surrounding space', () => assert.equal(slugify('  Padded Title '), 'padded-title'));
