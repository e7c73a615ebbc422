// Where the credentials go in Branch's requests, as field specs: the Redactor's base secret names.

/// Where the credentials go in Branch's requests, as field specs: the Redactor's base secret names.
public enum CredentialFields {
    public static let table = FieldTable("credentials", [
        FieldSpec("branch_key", .string, "The app's Branch key (key_live_… or key_test_…)", required: true, credential: true),
        FieldSpec("branch_secret", .string, "The app's Branch secret", credential: true, secret: true),
        FieldSpec("access_token", .string, "A Branch API access token (the Access-Token header)", secret: true),
    ])
}
