// Module hook (see register-swc-tsx.mjs): dependency-cruiser's `import('@swc/core')` gets swc-tsx.mjs instead.
const shim = new URL('./swc-tsx.mjs', import.meta.url).href;

export async function resolve(specifier, context, nextResolve) {
  if (specifier === '@swc/core' && context.parentURL?.includes('/node_modules/dependency-cruiser/'))
    return { url: shim, shortCircuit: true };
  return nextResolve(specifier, context);
}
