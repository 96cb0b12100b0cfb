import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import postcss from 'postcss';
import { compile } from 'sass';
import { beforeAll, describe, expect, it } from 'vitest';
import { bootstrapComponents, purgeBootstrap } from '../build/purge-bootstrap.ts';

const web = fileURLToPath(new URL('..', import.meta.url));
const theme = join(web, 'src/theme.scss');

/** Bootstrap with the theme, as Sass makes it in the build (compiled once: it takes seconds). */
let compiled: string | undefined;
function compileTheme() {
  compiled ??= compile(theme, {
    loadPaths: [join(web, '../../node_modules')],
    quietDeps: true,
    silenceDeprecations: ['import', 'global-builtin', 'color-functions', 'if-function'],
  }).css;
  return compiled;
}

/** A style sheet through the build's PostCSS step, as if it came from `from`. */
async function trim(css: string, from: string) {
  return (await postcss([purgeBootstrap()]).process(css, { from })).css;
}

const hasClass = (css: string, name: string) =>
  new RegExp(`\\.${name.replace(/-/g, '\\-')}(?![\\w-])`).test(css);

function* sources(dir: string): Generator<string> {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(name)) yield path;
  }
}

describe("trimming Bootstrap's CSS to the classes the app uses", () => {
  let built: { whole: string; trimmed: string };
  beforeAll(async () => {
    const whole = compileTheme();
    built = { whole, trimmed: await trim(whole, theme) };
  }, 120_000);

  it('keeps the classes react-bootstrap and the screens build at run time', () => {
    const builtAtRunTime = [
      // react-bootstrap: prefix and variant or part.
      'btn-primary',
      'btn-outline-danger',
      'btn-outline-secondary',
      'btn-link',
      'modal-dialog',
      'modal-backdrop',
      'modal-header',
      'modal-footer',
      'bs-popover-top',
      'bs-popover-bottom',
      'popover-arrow',
      'dropdown-menu-end',
      'dropdown-item',
      'toast-container',
      'toast-header',
      'form-check-input',
      'form-select',
      'is-invalid',
      'invalid-feedback',
      'spinner-border',
      'spinner-border-sm',
      'btn-close',
      // State classes set by transitions.
      'fade',
      'show',
      // The screens: `text-bg-${variant}`, `alert-${tone}`, `page-item${active}`.
      'text-bg-success',
      'text-bg-danger',
      'alert-warning',
      'alert-info',
      'alert-success',
      'active',
    ];
    expect(builtAtRunTime.filter((name) => !hasClass(built.trimmed, name))).toEqual([]);
  });

  it('keeps the badge colours the app asks for: a Badge’s bg-* and text-*, and text-bg-*', () => {
    const asked = new Set<string>();
    for (const file of sources(join(web, 'src'))) {
      const source = readFileSync(file, 'utf8');
      // react-bootstrap's Badge builds bg-* and text-* at run time, where the trimming cannot see them.
      for (const [badge] of source.matchAll(/<Badge\b[^>]*>/g)) {
        asked.add('bg-primary');
        for (const [, prop, value] of badge.matchAll(/\b(bg|text)="([\w-]+)"/g))
          asked.add(`${prop}-${value}`);
      }
      for (const [name] of source.matchAll(/\btext-bg-[a-z]+\b/g)) asked.add(name);
    }
    // The scan finds the badges of the lists (accounts, API tokens, webhooks, deliveries).
    expect([...asked]).toEqual(expect.arrayContaining(['text-bg-secondary', 'text-bg-success']));
    expect([...asked].filter((name) => !hasClass(built.trimmed, name))).toEqual([]);
  });

  it('drops the components the app does not use, to less than half the size', () => {
    for (const unused of ['carousel-item', 'accordion-body', 'offcanvas-body', 'navbar-brand'])
      expect(hasClass(built.whole, unused) && !hasClass(built.trimmed, unused)).toBe(true);
    expect(built.trimmed.length).toBeLessThan(built.whole.length / 2);
  });

  it("leaves any other style sheet whole: the screens' own CSS is not trimmed", async () => {
    const other = join(web, 'src/features/verify/components/verify.css');
    expect(await trim(built.whole, other)).toBe(built.whole);
  });

  it('knows every react-bootstrap component the app imports', () => {
    const imported = new Set<string>();
    for (const file of sources(join(web, 'src'))) {
      const code = readFileSync(file, 'utf8');
      for (const [, name = ''] of code.matchAll(/from 'react-bootstrap\/(\w+)'/g))
        imported.add(name);
      for (const [, names = ''] of code.matchAll(/import \{([^}]*)\} from 'react-bootstrap'/g))
        for (const name of names.split(','))
          if (!/^\s*type\s/.test(name)) imported.add(name.trim());
    }
    const covered = (name: string) => bootstrapComponents.some((part) => name.startsWith(part));
    expect([...imported].filter((name) => name && !covered(name))).toEqual([]);
  });
});

/** A compiled colour as red, green and blue (0–255): `#rrggbb`, or Sass's `rgb(r%, g%, b%)`. */
function channels(colour: string): number[] | undefined {
  if (/^#[0-9a-f]{6}$/i.test(colour))
    return [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  const percentages = /^rgb\(([\d.]+)%,\s*([\d.]+)%,\s*([\d.]+)%\)$/.exec(colour);
  return percentages?.slice(1).map((part) => (Number(part) * 255) / 100);
}

/** WCAG's contrast ratio of two colours given as red, green and blue. */
function contrast(a: number[], b: number[]) {
  const luminance = (rgb: number[]) => {
    const [r = 0, g = 0, b = 0] = rgb.map((channel) => {
      const c = channel / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [high = 0, low = 0] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high + 0.05) / (low + 0.05);
}

describe("the theme's colours", () => {
  /** A colour of the compiled theme's `:root`, as red, green and blue. */
  const variable = (name: string) => {
    const rootRule =
      /:root,\s*\[data-bs-theme=light\]\s*\{([^}]*)\}/.exec(compileTheme())?.[1] ?? '';
    const value = new RegExp(`--bs-${name}:\\s*([^;]+);`).exec(rootRule)?.[1]?.trim() ?? '';
    const rgb = channels(value);
    expect(rgb, `--bs-${name}: ${value}`).toBeDefined();
    return rgb ?? [];
  };
  const white = [255, 255, 255];
  const lightGrey = [0xf8, 0xf9, 0xfa];

  it("reach WCAG's enhanced contrast (7:1) on white and on Bootstrap's light grey", () => {
    for (const name of [
      'primary',
      'secondary',
      'success',
      'danger',
      'link-color',
      'secondary-color',
    ]) {
      expect(contrast(variable(name), white), name).toBeGreaterThanOrEqual(7);
      expect(contrast(variable(name), lightGrey), name).toBeGreaterThanOrEqual(7);
    }
  });

  it('keep 7:1 for text and links on the light blue of a drop zone with a file over it', () => {
    for (const name of ['body-color', 'secondary-color', 'link-color'])
      expect(contrast(variable(name), variable('primary-bg-subtle')), name).toBeGreaterThanOrEqual(
        7,
      );
  });
});
