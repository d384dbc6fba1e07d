// Test tooling: every number field of a zod input schema, with the input that puts a value there (and the
// discriminator values that select its branch of a union), so the hostile-input test can aim out-of-range
// integers at every numeric field of every server action without a hand-kept list.
import type { z } from 'zod';

type Path = (string | number)[];

export interface NumberField {
  path: Path;
  /** The input with `value` at `path` (other fields absent: their own errors do not hide this one). */
  inputWith: (value: unknown) => Record<string, unknown>;
}

interface Def {
  type: string;
  shape?: Record<string, z.ZodType>;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
  element?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  values?: unknown[];
}

const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

function setAt(target: Record<string, unknown>, path: Path, value: unknown): void {
  let node: Record<string | number, unknown> = target;
  path.forEach((key, index) => {
    if (index === path.length - 1) {
      node[key] = value;
      return;
    }
    const next = path[index + 1];
    node[key] ??= typeof next === 'number' ? [] : {};
    node = node[key] as Record<string | number, unknown>;
  });
}

function walk(schema: z.ZodType, path: Path, fixed: [Path, unknown][], out: NumberField[]): void {
  const def = defOf(schema);
  switch (def.type) {
    case 'number': {
      const pinned = [...fixed];
      out.push({
        path,
        inputWith: (value) => {
          const input: Record<string, unknown> = {};
          for (const [at, fixedValue] of pinned) setAt(input, at, fixedValue);
          setAt(input, path, value);
          return input;
        },
      });
      return;
    }
    case 'object': {
      const shape = def.shape ?? {};
      // A literal field is a union's discriminator: keep it so the value reaches this branch's fields.
      const literals = Object.entries(shape)
        .filter(([, child]) => defOf(child).type === 'literal')
        .map(([key, child]) => [[...path, key], defOf(child).values?.[0]] as [Path, unknown]);
      for (const [key, child] of Object.entries(shape)) walk(child, [...path, key], [...fixed, ...literals], out);
      return;
    }
    case 'pipe':
      // z.preprocess(fn, schema) is a pipe from a transform: the schema that checks the value is its output.
      if (def.in && defOf(def.in).type === 'transform') walk(def.out as z.ZodType, path, fixed, out);
      else if (def.in) walk(def.in, path, fixed, out);
      return;
    case 'union':
      for (const option of def.options ?? []) walk(option, path, fixed, out);
      return;
    case 'intersection':
      if (def.left) walk(def.left, path, fixed, out);
      if (def.right) walk(def.right, path, fixed, out);
      return;
    case 'array':
      if (def.element) walk(def.element, [...path, 0], fixed, out);
      return;
    default:
      if (def.innerType) walk(def.innerType, path, fixed, out);
  }
}

/** Every number field of `schema`, each with a way to build an input that sets it. */
export function numberFields(schema: z.ZodType): NumberField[] {
  const out: NumberField[] = [];
  walk(schema, [], [], out);
  return out;
}
