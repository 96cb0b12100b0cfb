import { fileURLToPath } from 'node:url';
import purgeCss from '@fullhuman/postcss-purgecss';
import type { Plugin as PostcssPlugin } from 'postcss';

const web = fileURLToPath(new URL('..', import.meta.url));
const nodeModules = fileURLToPath(new URL('../../../node_modules', import.meta.url));

/** The style sheet PurgeCSS trims: Bootstrap with the portal's theme. Our own CSS is kept whole. */
export const bootstrapSheet = /[\\/]src[\\/]theme\.scss$/;

/**
 * The react-bootstrap components the app uses, with the parts they are made of (`Modal`
 * covers ModalHeader, ModalBody…); a test checks that every import from react-bootstrap is here.
 */
export const bootstrapComponents = [
  'Alert',
  'Badge',
  'Button',
  'CloseButton',
  'Col',
  'Dropdown',
  'Fade',
  'Form',
  'InputGroup',
  'Modal',
  'Overlay',
  'Popover',
  'Row',
  'Spinner',
  'Table',
  'Toast',
];

/**
 * Where a class may be named: our screens, the page, and the react-bootstrap components the
 * app uses (they name their classes in their code: `modal-dialog` from `${bsPrefix}-dialog`).
 */
export const purgeContent = [
  `${web}index.html`,
  `${web}src/**/*.{ts,tsx}`,
  `${nodeModules}react-bootstrap/esm/{${bootstrapComponents.join(',')}}*.js`,
];

/**
 * Classes built at run time, which no file names whole: react-bootstrap's components join a
 * prefix and a part (`btn` + `outline-danger`, `bs-popover` + `bottom`, `modal` + `dialog`,
 * a Badge's `bg-${bg}` and `text-${text}`) and the screens a prefix and a value
 * (`text-bg-${variant}`, `alert-${tone}`). Every rule of these families is kept, with the
 * state classes (`show`, `fade`, `active`, `is-invalid`).
 */
export const purgeSafelist = {
  standard: [
    /^(show|showing|hiding|fade|collapse|collapsing|active|disabled)$/,
    /^(bg|text)-(primary|secondary|success|danger|warning|info|light|dark|white)$/,
  ],
  greedy: [
    /^(btn|text-bg|alert|badge|modal|popover|bs-popover|dropdown|toast|form|was-validated|is-valid|is-invalid|valid|invalid|spinner|tooltip|bs-tooltip|nav|list-group|page|close)(-|$)/,
    /^data-bs-/,
  ],
};

/** The PostCSS step that trims Bootstrap's rules to the classes the app uses. */
export function purgeBootstrap(): PostcssPlugin {
  const purge = purgeCss({
    content: purgeContent,
    safelist: purgeSafelist,
    // Bootstrap's keyframes (spinners, progress bars) are kept only when their classes are.
    keyframes: true,
  }) as PostcssPlugin & { OnceExit?: PostcssPlugin['OnceExit'] };
  return {
    postcssPlugin: 'esign-purge-bootstrap',
    async OnceExit(root, helpers) {
      if (!bootstrapSheet.test(root.source?.input.file ?? '')) return;
      await purge.OnceExit?.(root, helpers);
    },
  };
}
