import { z } from '@/lib/zod';
import { FORMATS } from '@/lib/import/formats/detect';

/** Drops control characters (U+0000 to U+001F) from a file name. */
const stripControl = (text: string) => [...text].filter((char) => char.charCodeAt(0) >= 32).join('');

/** A malformed percent-encoding is kept as typed rather than failing the upload. */
const safeDecode = (text: string) => {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
};

/** The upload's parameters. The file name is only a label: it is never used as a path. */
export const uploadParamsSchema = z.object({
  dataset: z
    .string('Choose or name a dataset')
    .trim()
    .min(1, 'Choose or name a dataset')
    .max(200)
    // Control characters (NUL cannot even be stored) and broken characters make no name anyone could type.
    .refine(
      (name) => ![...name].some((char) => char.charCodeAt(0) < 32 || char.charCodeAt(0) === 127) && !/\p{Surrogate}/u.test(name),
      'The dataset name cannot contain control characters',
    ),
  format: z.enum(['auto', ...FORMATS]).default('auto'),
  skipInvalid: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
  fileName: z
    .string('The file needs a name')
    .transform((name) => stripControl(safeDecode(name).split(/[\\/]/).pop() ?? '').trim())
    .pipe(z.string().min(1, 'The file needs a name').max(255)),
});

export type UploadParams = z.output<typeof uploadParamsSchema>;
