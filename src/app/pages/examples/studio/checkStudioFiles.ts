import {
  createRegistry,
  describeJsonError,
  type FunnelRegistry,
  type Problem,
} from '../../../../runtime/funnel';
import { createCompileValidator } from '../../../validators';

export interface StudioCheck {
  problems: Problem[];
  /** The funnels without problems, drawn from the texts being edited. */
  registry?: FunnelRegistry;
}

const folderOf = (path: string) => path.slice(0, path.lastIndexOf('/'));

/**
 * The registry's checks on the files as they are being edited, in the order and words of
 * `npm run funnels:check`: files that are not JSON first, then createRegistry's problems.
 * (funnels:check also proves each route can be finished with generated answers and compiles
 * each page as the build does; those need Node and run there.)
 */
export function checkStudioFiles(texts: Readonly<Record<string, string>>): StudioCheck {
  const input = {
    funnels: {} as Record<string, unknown>,
    schemas: {} as Record<string, unknown>,
    examples: {} as Record<string, unknown>,
  };
  const problems: Problem[] = [];
  const unreadable = new Set<string>();
  for (const [file, text] of Object.entries(texts)) {
    const kind =
      folderOf(file) === 'funnels'
        ? 'funnels'
        : folderOf(file) === 'funnels/examples'
          ? 'examples'
          : 'schemas';
    try {
      input[kind][file] = JSON.parse(text);
    } catch (error) {
      problems.push({ file, pointer: '', message: describeJsonError(text, error as Error) });
      unreadable.add(file.slice(file.lastIndexOf('/') + 1));
    }
  }
  // As funnels:check: the examples of a funnel that is not JSON would only say "no such funnel".
  for (const file of Object.keys(input.examples)) {
    if (unreadable.has(file.slice(file.lastIndexOf('/') + 1))) delete input.examples[file];
  }
  const result = createRegistry(input, { compileValidator: createCompileValidator() });
  if (!result.ok) problems.push(...result.problems);
  return { problems, registry: result.registry };
}
