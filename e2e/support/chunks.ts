/** Script chunks that only the dashboard may load (Vite names a chunk after its module). */
export const DASHBOARD_CHUNK =
  /\/(DashboardLayout|DashboardHomePage|ManageAdsPage|CreateAdPage|EditAdPage|SubscriptionPage|SettingsPage|AdForm|UsageCard|my-ads\.\w+)-[\w-]+\.js$/;
