#!/usr/bin/env bash
# Installs Debian 12's OpenStack Ironic (2023.1) so IronicInteropTest can run Ferrum's agent under a
# real Ironic. Runs as root; idempotent (does nothing when the packages are already installed).
# The tests run Ironic themselves from a private config file, so the packages' own database,
# message queue and Keystone set-up is preseeded away: without that, the postinst scripts ask
# questions (or try to reach services that don't exist here).
set -euo pipefail

packages=(ironic-api ironic-conductor python3-ironicclient)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [[ ${#missing[@]} -eq 0 ]]; then
  echo "install-ironic: ${packages[*]} already installed"
  exit 0
fi

debconf-set-selections <<'SEL'
ironic-common ironic/configure_db boolean false
ironic-common ironic-common/dbconfig-install boolean false
ironic-common ironic/configure_rabbit boolean false
ironic-common ironic/configure_ksat boolean false
ironic-api ironic/configure_api-endpoint boolean false
SEL

export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null

# The packages start the distribution's own services where an init system runs them; the tests
# start their own Ironic on a free port, so a packaged one would only compete for the CPU.
for svc in ironic-api ironic-conductor; do
  if command -v invoke-rc.d >/dev/null && [[ -x /etc/init.d/$svc ]]; then
    invoke-rc.d "$svc" stop >/dev/null 2>&1 || true
  fi
done
echo "install-ironic: installed ${missing[*]}"
