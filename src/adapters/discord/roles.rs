//! Discord role ids mapped to the app's installation-wide roles
//! (`CORRBOT_DISCORD_ROLES=111=arbiter,222=organizer,…`): before each command
//! in a guild the member's roles are mirrored into the app (see
//! `App::sync_platform_roles`). Administration cannot be mapped.

use anyhow::Context;

use crate::store::Role;

/// The roles the mapping may give.
const MAPPABLE: [Role; 5] = [
    Role::Organizer,
    Role::Arbiter,
    Role::AppealsCommittee,
    Role::Captain,
    Role::LeaveOffice,
];

/// Discord role ids and the app role each stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RoleMap(Vec<(u64, Role)>);

impl RoleMap {
    /// Reads `ID=ROLE` pairs separated by commas (`111=arbiter,222=organizer`);
    /// roles are organizer, arbiter, appeals_committee, captain and
    /// leave_office. An empty text maps nothing.
    pub fn parse(text: &str) -> anyhow::Result<Self> {
        let mut pairs = Vec::new();
        for pair in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (id, role) = pair
                .split_once('=')
                .ok_or_else(|| anyhow::anyhow!("«{pair}»: expected DISCORD_ROLE_ID=ROLE"))?;
            let id: u64 = id
                .trim()
                .parse()
                .with_context(|| format!("«{pair}»: the role id must be a number"))?;
            let name = role.trim().to_lowercase().replace('-', "_");
            let role = Role::parse(&name)
                .filter(|role| MAPPABLE.contains(role))
                .ok_or_else(|| {
                    anyhow::anyhow!(
                        "«{pair}»: the role must be organizer, arbiter, appeals_committee, \
                         captain or leave_office"
                    )
                })?;
            pairs.push((id, role));
        }
        Ok(Self(pairs))
    }

    /// Whether nothing is mapped (then nothing is mirrored).
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Every app role the mapping can give.
    pub fn mapped(&self) -> Vec<Role> {
        let mut roles: Vec<Role> = Vec::new();
        for (_, role) in &self.0 {
            if !roles.contains(role) {
                roles.push(*role);
            }
        }
        roles
    }

    /// The app roles a member with Discord roles `member` holds.
    pub fn held(&self, member: &[u64]) -> Vec<Role> {
        let mut roles: Vec<Role> = Vec::new();
        for (id, role) in &self.0 {
            if member.contains(id) && !roles.contains(role) {
                roles.push(*role);
            }
        }
        roles
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn role_ids_map_to_app_roles_but_never_to_administration() {
        let map =
            RoleMap::parse("111=arbiter, 222=Organizer,333=appeals-committee,444=captain").unwrap();
        assert_eq!(map.held(&[222, 999, 111]), [Role::Arbiter, Role::Organizer]);
        assert_eq!(map.mapped().len(), 4);
        assert!(map.held(&[]).is_empty());
        assert!(RoleMap::parse("").unwrap().is_empty());
        assert!(RoleMap::parse("1=administrator").is_err());
        assert!(RoleMap::parse("x=arbiter").is_err());
        assert!(RoleMap::parse("1=king").is_err());
        assert!(RoleMap::parse("1").is_err());
    }
}
