/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  reactStrictMode: true,
  // The simulator and scripts are not part of the app bundle.
  typedRoutes: false,
};

export default nextConfig;
