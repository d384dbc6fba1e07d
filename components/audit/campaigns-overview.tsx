// Placeholder: the campaigns list for admins and reviewers (being built).
export function CampaignsOverview(_props: { role: string }) {
  return null;
}
