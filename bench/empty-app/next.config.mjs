/** @type {import('next').NextConfig} */
// Built by `npm run bench` into its own folder (gitignored as .next-*), never by the app's build.
export default { distDir: ".next-bench", poweredByHeader: false };
