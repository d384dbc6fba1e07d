// Placeholder: the campaigns list for admins and reviewers (being built).
export function CampaignsOverview() {
  return null;
}
