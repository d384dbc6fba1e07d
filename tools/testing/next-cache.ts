// Vitest's stand-in for next/cache (aliased in vitest.config.ts): revalidating a page needs a Next.js request,
// and integration tests call server actions outside one. The paths asked for are kept for tests to read.
export const revalidatedPaths: string[] = [];

export function revalidatePath(path: string): void {
  revalidatedPaths.push(path);
}
