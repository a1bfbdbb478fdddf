//! TLS to the PostgreSQL server, as the URL's `sslmode` asks (see [`SslMode`]): rustls with
//! the ring provider, through `tokio-postgres-rustls`. `prefer` and `require` encrypt without
//! checking the certificate (as libpq does); `verify-ca` checks that a trusted CA signed it;
//! `verify-full` also that it was made out to the host connected to. Trusted CAs are the file
//! `sslrootcert` names, or else the system's.

use std::sync::Arc;

use rustls::client::WebPkiServerVerifier;
use rustls::client::danger::{HandshakeSignatureValid, ServerCertVerified, ServerCertVerifier};
use rustls::crypto::WebPkiSupportedAlgorithms;
use rustls::pki_types::pem::PemObject;
use rustls::pki_types::{CertificateDer, ServerName, UnixTime};
use rustls::{
    CertificateError, ClientConfig, DigitallySignedStruct, RootCertStore, SignatureScheme,
};
use tokio_postgres_rustls::MakeRustlsConnect;

use crate::location::{SslMode, Tls};

/// The client side of TLS for `tls`; `None` for `sslmode=disable`. The error says what is
/// wrong with the CA certificates.
pub(super) fn connector(tls: &Tls) -> Result<Option<MakeRustlsConnect>, String> {
    let provider = Arc::new(rustls::crypto::ring::default_provider());
    let algorithms = provider.signature_verification_algorithms;
    let verifier: Arc<dyn ServerCertVerifier> = match tls.mode {
        SslMode::Disable => return Ok(None),
        SslMode::Prefer | SslMode::Require => Arc::new(Relaxed {
            chain: None,
            algorithms,
        }),
        SslMode::VerifyCa | SslMode::VerifyFull => {
            let roots = Arc::new(roots(tls)?);
            let webpki = WebPkiServerVerifier::builder_with_provider(roots, provider.clone())
                .build()
                .map_err(|e| format!("cannot check the server's certificate: {e}"))?;
            if tls.mode == SslMode::VerifyCa {
                Arc::new(Relaxed {
                    chain: Some(webpki),
                    algorithms,
                })
            } else {
                webpki
            }
        }
    };
    let config = ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .map_err(|e| format!("cannot set up TLS: {e}"))?
        .dangerous()
        .with_custom_certificate_verifier(verifier)
        .with_no_client_auth();
    Ok(Some(MakeRustlsConnect::new(config)))
}

/// The CAs to trust: those in `sslrootcert`, or else the system's.
fn roots(tls: &Tls) -> Result<RootCertStore, String> {
    let mut roots = RootCertStore::empty();
    match &tls.root_cert {
        Some(path) => {
            let shown = path.display();
            let certs = CertificateDer::pem_file_iter(path)
                .and_then(|certs| certs.collect::<Result<Vec<_>, _>>())
                .map_err(|e| format!("sslrootcert {shown}: {e}"))?;
            let (added, _) = roots.add_parsable_certificates(certs);
            if added == 0 {
                return Err(format!("sslrootcert {shown}: no CA certificate in it"));
            }
        }
        None => {
            let found = rustls_native_certs::load_native_certs();
            roots.add_parsable_certificates(found.certs);
            if roots.is_empty() {
                return Err(
                    "the system has no CA certificates to check the server's with; name one with sslrootcert=FILE"
                        .to_string(),
                );
            }
        }
    }
    Ok(roots)
}

/// The verifier of the modes that check less than `verify-full`. With a `chain` verifier
/// (`verify-ca`) the chain up to a trusted CA is checked and the name in the certificate is not;
/// without one (`prefer` and `require`, libpq's meaning: encrypted, not authenticated) any
/// certificate is accepted. Either way the handshake's signatures are checked against it.
#[derive(Debug)]
struct Relaxed {
    chain: Option<Arc<WebPkiServerVerifier>>,
    algorithms: WebPkiSupportedAlgorithms,
}

impl ServerCertVerifier for Relaxed {
    fn verify_server_cert(
        &self,
        end_entity: &CertificateDer<'_>,
        intermediates: &[CertificateDer<'_>],
        server_name: &ServerName<'_>,
        ocsp_response: &[u8],
        now: UnixTime,
    ) -> Result<ServerCertVerified, rustls::Error> {
        let Some(chain) = &self.chain else {
            return Ok(ServerCertVerified::assertion());
        };
        // The chain is checked before the name: a name error means the chain was good.
        match chain.verify_server_cert(end_entity, intermediates, server_name, ocsp_response, now) {
            Err(rustls::Error::InvalidCertificate(
                CertificateError::NotValidForName | CertificateError::NotValidForNameContext { .. },
            )) => Ok(ServerCertVerified::assertion()),
            other => other,
        }
    }

    fn verify_tls12_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls12_signature(message, cert, dss, &self.algorithms)
    }

    fn verify_tls13_signature(
        &self,
        message: &[u8],
        cert: &CertificateDer<'_>,
        dss: &DigitallySignedStruct,
    ) -> Result<HandshakeSignatureValid, rustls::Error> {
        rustls::crypto::verify_tls13_signature(message, cert, dss, &self.algorithms)
    }

    fn supported_verify_schemes(&self) -> Vec<SignatureScheme> {
        self.algorithms.supported_schemes()
    }
}

/// Whether a failed connection failed in the TLS handshake: the certificate will not be any
/// better a moment later, so connecting again is pointless.
pub(super) fn is_tls_failure(e: &::postgres::Error) -> bool {
    let mut source: Option<&(dyn std::error::Error + 'static)> = std::error::Error::source(e);
    while let Some(s) = source {
        if s.is::<rustls::Error>() {
            return true;
        }
        if let Some(io) = s.downcast_ref::<std::io::Error>()
            && io
                .get_ref()
                .is_some_and(|inner| inner.is::<rustls::Error>())
        {
            return true;
        }
        source = s.source();
    }
    false
}
