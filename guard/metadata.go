package guard

import (
	"strings"

	"github.com/gouri/uri/internal/abnf"
)

// metadataService returns the cloud whose instance metadata service the
// host name names, or "". The name is compared as the URL Standard's host
// parser leaves it (lower case, IDNA full stops mapped to ".", which
// checkHost's callers have done) without regard to ASCII case and to
// final dots, which resolvers ignore.
//
// The address checks already refuse the addresses these names resolve to
// (169.254.169.254, 169.254.0.23, ...). Refusing the names too, before
// any lookup, covers what the address checks cannot: a proxy, which
// resolves the name itself (AllowProxy); a Networks or Hosts exemption
// that happens to cover the service's address; and a service that
// answers on a public address and knows the machine by its source
// address (Equinix Metal). The names, from the providers' documentation:
//
//   - metadata.google.internal: Google Cloud's metadata server
//     (https://cloud.google.com/compute/docs/metadata/querying-metadata),
//     and metadata.goog, its name in Google's .goog top-level domain;
//     "metadata" alone reaches it too, completed by the search domain
//     google.internal that Google Cloud's DHCP gives every VM
//     (https://cloud.google.com/compute/docs/internal-dns).
//   - instance-data: a name that the Amazon-provided DNS server of a VPC
//     answers with the address of the EC2 instance metadata service
//     (https://docs.aws.amazon.com/AWSEC2/latest/UserGuide/ec2-instance-metadata.html),
//     completed by the VPC's search domain, ec2.internal in us-east-1 and
//     REGION.compute.internal elsewhere
//     (https://docs.aws.amazon.com/vpc/latest/userguide/DHCPOptionSet.html),
//     so instance-data.ec2.internal and instance-data.REGION.compute.internal.
//   - metadata.tencentyun.com: Tencent Cloud's instance metadata
//     (https://www.tencentcloud.com/document/product/213/4934).
//   - metadata.platformequinix.com: Equinix Metal's metadata, served on a
//     public address to the server that asks
//     (https://deploy.equinix.com/developers/docs/metal/server-metadata/metadata/).
func metadataService(name string) string {
	name = abnf.LowerString(strings.TrimRight(name, "."))
	switch name {
	case "metadata.google.internal", "metadata.goog", "metadata":
		return "Google Cloud"
	case "instance-data", "instance-data.ec2.internal":
		return "Amazon EC2"
	case "metadata.tencentyun.com":
		return "Tencent Cloud"
	case "metadata.platformequinix.com":
		return "Equinix Metal"
	}
	if region, ok := strings.CutPrefix(name, "instance-data."); ok {
		if region, ok = strings.CutSuffix(region, ".compute.internal"); ok && region != "" && !strings.Contains(region, ".") {
			return "Amazon EC2"
		}
	}
	return ""
}
