/** Test helper: the answer of a call that serves a PDF, saved under `fileName` (as the server names it). */
export const pdfResponse = (fileName: string) =>
  new Response('%PDF-1.7\n', {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`,
    },
  });
