// A valid NGN virtual-account provisioning form (§2.4), shared by the schema and pipeline tests.
export const VIRTUAL_ACCOUNT_FORM = {
  bvn: "12345678901",
  firstName: "Ada",
  lastName: "Obi",
  phoneNumber: "+2348012345678",
  dateOfBirth: "1990-05-17",
  customerEmail: "ada@example.com",
} as const;
