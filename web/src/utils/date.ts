const pad = (n: number) => String(n).padStart(2, '0');

/** Local date and time in the product's one format: `YYYY-MM-DD HH:mm:ss`. */
export function formatDateTime(value: Date | number): string {
  const d = typeof value === 'number' ? new Date(value) : value;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
