import { describe, expect, it } from 'vitest';
import { definedClasses, featureOf, findCollisions, isExempt, repositoryStylesheets } from './css-class-collisions.mjs';

describe('the class collision check (docs/decisions/040)', () => {
  it('finds no class defined by two features in the repository', () => {
    const sheets = repositoryStylesheets();
    expect(sheets.some((s) => s.file === 'apps/web/src/features/cart/components/cart.css')).toBe(true);
    expect(findCollisions(sheets)).toEqual([]);
  });

  it('counts the classes of one compound selector, not those styled in a context', () => {
    const css = `
      /* .commented-out { } */
      .cart-line, .cart-line-name:hover { display: grid; }
      .cart-panel .form-alert { margin: 0; }
      .modal:has(.item-modal) { max-width: 620px; }
      @media (max-width: 899px) { .order-summary.cart-panel { position: fixed; } }
      .tip-option > input { width: 18px; }
    `;
    expect([...definedClasses(css).keys()].sort()).toEqual(
      ['cart-line', 'cart-line-name', 'cart-panel', 'modal', 'order-summary'].sort(),
    );
  });

  it('reports a class two feature folders define, with where', () => {
    const collisions = findCollisions([
      { file: 'apps/web/src/features/cart/components/cart.css', css: '.confirm-actions { display: flex; }' },
      {
        file: 'apps/web/src/features/payments/components/payments.css',
        css: '.x { }\n.confirm-actions { justify-content: center; }',
      },
      { file: 'apps/web/src/features/cart/components/other.css', css: '.x { }' },
    ]);
    expect(collisions).toEqual([
      {
        name: 'confirm-actions',
        places: [
          'apps/web/src/features/cart/components/cart.css:1',
          'apps/web/src/features/payments/components/payments.css:2',
        ],
      },
      {
        name: 'x',
        places: [
          'apps/web/src/features/payments/components/payments.css:1',
          'apps/web/src/features/cart/components/other.css:1',
        ],
      },
    ]);
  });

  it('lets one feature define a class in several sheets, and exempts global sheets and CSS modules', () => {
    expect(featureOf('apps/web/src/features/landing/components/landing.css')).toBe('apps/web/src/features/landing');
    expect(featureOf('apps/web/src/features/landing/components/landing-hero.css')).toBe(
      'apps/web/src/features/landing',
    );
    expect(featureOf('packages/ui/src/modal.module.css')).toBe('packages/ui/src');
    expect(isExempt('apps/web/src/styles/components.css')).toBe(true);
    expect(isExempt('packages/ui/src/modal.module.css')).toBe(true);
    expect(isExempt('apps/web/src/features/cart/components/cart.css')).toBe(false);
    expect(
      findCollisions([
        { file: 'apps/web/src/styles/components.css', css: '.btn { }' },
        { file: 'apps/group-orders/src/styles/site.css', css: '.btn { }' },
        { file: 'packages/ui/src/modal.module.css', css: '.panel { }' },
        { file: 'apps/web/src/features/x/components/x.module.css', css: '.panel { }' },
        { file: 'apps/web/src/features/landing/components/a.css', css: '.hero { }' },
        { file: 'apps/web/src/features/landing/components/b.css', css: '.hero { }' },
      ]),
    ).toEqual([]);
  });
});
