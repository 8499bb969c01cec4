import { stringify } from 'csv-stringify/browser/esm/sync';
import type { ChartData } from './chart-data';

/*
 * The chart's downloads: its numbers as CSV (written by csv-stringify), its picture as SVG (from
 * ECharts' SVG renderer) and PNG (that SVG drawn on a canvas, at twice the size for sharp text).
 */

/** The chart's table as CSV: the x value, then one column per series (or breakdown value). */
export function chartCsv(data: ChartData, xName: string, columnName: (index: number) => string): string {
  const header = [xName, ...data.columns.map((_, i) => columnName(i))];
  const rows = data.xs.map((x, row) => [x, ...data.columns.map((c) => c.values[row] ?? '')]);
  return stringify([header, ...rows]);
}

/** Draws an SVG picture on a white canvas and returns it as a PNG. */
export async function svgToPng(svg: string, width: number, height: number, scale = 2): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([svg], { type: 'image/svg+xml' }));
  try {
    const image = new Image();
    image.width = width;
    image.height = height;
    image.src = url;
    await image.decode();
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * scale);
    canvas.height = Math.round(height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('No 2D canvas');
    context.fillStyle = '#ffffff';
    context.fillRect(0, 0, canvas.width, canvas.height);
    context.drawImage(image, 0, 0, canvas.width, canvas.height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('PNG not made'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}

/** A file name from the dataset id: letters, digits, dots, dashes and underscores only. */
export function chartFilename(datasetId: string, extension: string): string {
  return `${datasetId.replace(/[^\w.-]+/g, '_')}-chart.${extension}`;
}
