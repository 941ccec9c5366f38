/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // Lets parallel builds (benchmarks, the empty-page baseline) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
};

export default nextConfig;
