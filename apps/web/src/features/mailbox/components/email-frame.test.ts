import { describe, expect, it } from 'vitest';
import { withTopTarget } from './email-frame';

describe('withTopTarget', () => {
  it('puts a top-target base into the head', () => {
    expect(
      withTopTarget('<html><head><title>x</title></head><body><a href="http://localhost/x">x</a></body></html>'),
    ).toBe(
      '<html><head><base target="_top"><title>x</title></head><body><a href="http://localhost/x">x</a></body></html>',
    );
    expect(withTopTarget('<HEAD lang="en"></HEAD>')).toBe('<HEAD lang="en"><base target="_top"></HEAD>');
  });
  it('prefixes documents without a head (a <header> is not a head)', () => {
    expect(withTopTarget('<p>Hello</p>')).toBe('<base target="_top"><p>Hello</p>');
    expect(withTopTarget('<header>Hi</header>')).toBe('<base target="_top"><header>Hi</header>');
  });
});
