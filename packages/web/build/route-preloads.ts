import { resolve } from 'node:path';
import type { Plugin } from 'vite';
import type { DataPreload, RouteModules } from '../src/app/route-modules.ts';

/** What dist/route-preloads.json holds: the files each address's first load needs. */
export interface RoutePreload {
  path: string;
  when?: 'signedIn' | 'signedOut';
  scripts: string[];
  styles: string[];
  data?: readonly DataPreload[];
}

export const routePreloadsFile = 'route-preloads.json';

interface ChunkLike {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * Writes dist/route-preloads.json: for each address of `table`, the script chunks (its screen
 * module's chunk and every chunk that one imports, however deep) and style sheets its first
 * load needs beyond what index.html already names, and the API calls its screen makes first.
 * The server adds them to the page it
 * answers for that address (packages/server/src/web/route-preloads.ts).
 */
export function routePreloads(table: readonly RouteModules[]): Plugin {
  let root = '';
  return {
    name: 'esign-route-preloads',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (item): item is typeof item & ChunkLike => item.type === 'chunk',
      );
      const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
      const closure = (start: readonly ChunkLike[]) => {
        const seen = new Set<ChunkLike>();
        const visit = (chunk: ChunkLike) => {
          if (seen.has(chunk)) return;
          seen.add(chunk);
          for (const file of chunk.imports) {
            const imported = byFile.get(file);
            if (imported) visit(imported);
          }
        };
        start.forEach(visit);
        return seen;
      };
      const inPage = closure(chunks.filter((chunk) => chunk.isEntry));
      const pageStyles = new Set(
        [...inPage].flatMap((c) => [...(c.viteMetadata?.importedCss ?? [])]),
      );
      const routes: RoutePreload[] = table.map(({ path, when, modules, data }) => {
        const screens = modules.map((module) => {
          const id = resolve(root, module);
          const chunk = chunks.find((candidate) => candidate.facadeModuleId === id);
          if (!chunk) throw new Error(`route-preloads: no chunk is made of ${module} (${path})`);
          return chunk;
        });
        const needed = [...closure(screens)].filter((chunk) => !inPage.has(chunk));
        const styles = [
          ...new Set(needed.flatMap((chunk) => [...(chunk.viteMetadata?.importedCss ?? [])])),
        ].filter((file) => !pageStyles.has(file));
        return {
          path,
          ...(when ? { when } : {}),
          scripts: needed.map((chunk) => `/${chunk.fileName}`),
          styles: styles.map((file) => `/${file}`),
          ...(data ? { data } : {}),
        };
      });
      this.emitFile({
        type: 'asset',
        fileName: routePreloadsFile,
        source: `${JSON.stringify({ routes }, null, 2)}\n`,
      });
    },
  };
}
