package io.fuxi.security.entity;

/** What a console account may do: an admin changes anything, a viewer only reads. Names are the servlet roles. */
public enum ConsoleRole {
    ADMIN("admin"),
    VIEWER("viewer");

    private final String roleName;

    ConsoleRole(String roleName) {
        this.roleName = roleName;
    }

    /** The role's name in web.xml's security constraints and in {@code isUserInRole}. */
    public String roleName() {
        return roleName;
    }
}
